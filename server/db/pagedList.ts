import type { Queryable, Row } from './index';

/** The page a list query asks for (what buildListQuery of server/lib/listQuery gives): filter, order and window. */
export interface PageQuery {
  /** `WHERE …` or '' */
  where: string;
  /** `ORDER BY …` */
  orderBy: string;
  /** The parameters `where` uses as $1..$n, then those only `orderBy` uses (a relevance order's). */
  params: unknown[];
  /** How many of `params` the `where` uses (default all): the count statement binds only those. */
  whereParams?: number;
  page: number;
  limit: number;
  offset: number;
}

/** API.md §2's `paginationResult`. */
export interface PaginationResult {
  currentPage: number;
  limit: number;
  numberOfPages: number;
  nextPage?: number;
  prevPage?: number;
}

export interface PagedList<T> {
  rows: T[];
  /** How many rows match the filter on every page (at most `countCap`). */
  total: number;
  /** More rows than `countCap` match: `total` is the cap. */
  capped?: true;
  paginationResult: PaginationResult;
}

export interface PagedListSql {
  /** The select list of the page statement, e.g. `p.id, p.title` or `*`. */
  columns: string;
  /** The FROM clause of the page: table, alias and joins that `columns` reads, e.g. `reviews r JOIN users u ON u.id = r.user_id`. */
  from: string;
  /** The FROM clause of the count, when the page joins tables that the filter never reads (default `from`). */
  countFrom?: string;
  /**
   * Without a filter: a scalar SQL expression giving the size of the whole table from a count kept elsewhere
   * (e.g. by triggers). It is read in the page statement itself, so the list costs one statement; only a page past
   * the end, which carries no rows, asks for the count on its own.
   */
  unfilteredTotal?: string;
  /**
   * Count at most this many rows (a list that grows without end, such as a shop's orders): the count stops there
   * instead of visiting every matching row, and the answer says the total is capped.
   */
  countCap?: number;
  /**
   * The filtered count may cost as much as the page (a staff list of a shop's orders, searched by text): it runs
   * beside the page, on a connection of its own, so the two overlap (see pagedList).
   */
  countBeside?: boolean;
  /**
   * The column that names a row (e.g. `p.id`): a filtered page's keys are picked first, in a subquery that reads only the
   * filter's and the order's columns, and only the page's rows are then read whole. With an index that holds those
   * columns, PostgreSQL picks the page from the index alone instead of reading every matching row from the table.
   */
  pageKey?: string;
}

/** numberOfPages = ceil(total / limit) (0 when nothing matches); nextPage and prevPage only when there is one. */
export function paginationResult(q: Pick<PageQuery, 'page' | 'limit'>, total: number): PaginationResult {
  const result: PaginationResult = { currentPage: q.page, limit: q.limit, numberOfPages: Math.ceil(total / q.limit) };
  if (q.page * q.limit < total) result.nextPage = q.page + 1;
  if (q.page > 1) result.prevPage = q.page - 1;
  return result;
}

/**
 * One page of a list (API.md §2): the matching rows in order with LIMIT/OFFSET, and how many match in all.
 *
 * The count is usually read in the page statement itself, as a scalar subquery (an InitPlan, run once, which leaves the
 * page's own plan as it is; count(*) OVER () would make the planner walk the whole sort index for every page): one
 * round trip and one pool connection per list. Without a filter it is the count kept elsewhere (`unfilteredTotal`).
 * A count that may cost as much as the page (`countBeside`) runs beside it instead, on a connection of its own, so the
 * two overlap. A page past the end, which carries no rows, asks for the count on its own.
 */
export async function pagedList<T = Row>(db: Queryable, q: PageQuery, sql: PagedListSql): Promise<PagedList<T>> {
  const matching = `FROM ${sql.countFrom ?? sql.from} ${q.where}`;
  const countSql =
    sql.countCap === undefined
      ? `SELECT count(*)::int ${matching}`
      : `SELECT count(*)::int FROM (SELECT 1 ${matching} LIMIT ${sql.countCap + 1}) AS capped`;
  const totalSql = !q.where && sql.unfilteredTotal ? sql.unfilteredTotal : countSql;
  const count = async () =>
    (
      await db.query<{ total: number }>(
        `SELECT (${totalSql})::int AS total`,
        q.params.slice(0, q.whereParams ?? q.params.length),
      )
    )[0].total;

  const beside = Boolean(q.where && sql.countBeside);
  const limitOffset = `LIMIT $${q.params.length + 1} OFFSET $${q.params.length + 2}`;
  // Only a filter reads matching rows that are not on the page; the outer ORDER BY puts the page's rows back in the
  // list's order (IN keeps none).
  const keyFirst = Boolean(sql.pageKey && q.where);
  const pageWhere = keyFirst
    ? `WHERE ${sql.pageKey} IN (SELECT ${sql.pageKey} FROM ${sql.from} ${q.where} ${q.orderBy} ${limitOffset})`
    : q.where;
  const [rows, countedBeside] = await Promise.all([
    db.query<T & { list_total?: number }>(
      `SELECT ${sql.columns}${beside ? '' : `, (${totalSql})::int AS list_total`} FROM ${sql.from} ${pageWhere} ` +
        `${q.orderBy}${keyFirst ? '' : ` ${limitOffset}`}`,
      [...q.params, q.limit, q.offset],
    ),
    beside ? count() : undefined,
  ]);
  const total = countedBeside ?? (rows.length ? (rows[0].list_total as number) : await count());
  for (const row of rows) delete row.list_total;
  if (sql.countCap !== undefined && total > sql.countCap)
    return { rows, total: sql.countCap, capped: true, paginationResult: paginationResult(q, sql.countCap) };
  return { rows, total, paginationResult: paginationResult(q, total) };
}
