import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation, onUniqueViolation, pagedList, paginationResult, type Db } from '../../server/db';
import { HttpError } from '../../server/lib/errors';
import { createTestDatabase } from './helpers';

let db: Db;
const statements: string[] = [];
const counted = (): Db => ({
  ...db,
  query: (text, params) => {
    statements.push(text);
    return db.query(text, params);
  },
});

// On the run's engine (PGlite, or PostgreSQL in 'server-postgres'), in tables of the test's own, dropped after it so
// the database is left as it was given.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
  db = database.db;
  await db.exec(`CREATE TABLE things (id int PRIMARY KEY, name text NOT NULL CONSTRAINT things_name_key UNIQUE, kind text NOT NULL);
    CREATE TABLE thing_count (n int NOT NULL);
    INSERT INTO things SELECT i, 'thing ' || i, CASE WHEN i % 2 = 0 THEN 'even' ELSE 'odd' END FROM generate_series(1, 7) AS i;
    INSERT INTO thing_count VALUES (7);`);
});
afterAll(async () => {
  await db.exec('DROP TABLE things, thing_count');
  await database.close();
});

const page = (page: number, limit: number, where = '', params: unknown[] = []) => ({
  where,
  orderBy: 'ORDER BY id',
  params,
  page,
  limit,
  offset: (page - 1) * limit,
});

describe('paginationResult (API.md §2)', () => {
  it('numberOfPages rounds up and is 0 without results; nextPage and prevPage only when there is one', () => {
    expect(paginationResult({ page: 1, limit: 50 }, 0)).toEqual({ currentPage: 1, limit: 50, numberOfPages: 0 });
    expect(paginationResult({ page: 2, limit: 10 }, 25)).toEqual({
      currentPage: 2,
      limit: 10,
      numberOfPages: 3,
      nextPage: 3,
      prevPage: 1,
    });
    expect(paginationResult({ page: 3, limit: 10 }, 25)).toEqual({
      currentPage: 3,
      limit: 10,
      numberOfPages: 3,
      prevPage: 2,
    });
  });
});

describe('pagedList', () => {
  it('answers the page, the count of every match and the pagination, with the filter parameters before LIMIT/OFFSET', async () => {
    const result = await pagedList<{ id: number }>(db, page(2, 2, 'WHERE kind = $1', ['odd']), {
      columns: 'id',
      from: 'things',
    });
    expect(result.rows.map((r) => r.id)).toEqual([5, 7]);
    expect(result.total).toBe(4);
    expect(result.paginationResult).toEqual({ currentPage: 2, limit: 2, numberOfPages: 2, prevPage: 1 });
  });

  it('counts over countFrom when given (the page may join more)', async () => {
    statements.length = 0;
    const result = await pagedList(counted(), page(1, 3), {
      columns: 't.id, t2.name AS twin',
      from: 'things t JOIN things t2 ON t2.id = t.id',
      countFrom: 'things t',
    });
    expect(result.total).toBe(7);
    expect(result.rows[0]).toEqual({ id: 1, twin: 'thing 1' });
    expect(statements.find((s) => s.includes('count(*)'))).toContain('FROM things t ');
  });

  it('unfiltered with unfilteredTotal: one statement, the total read with the page and not left on the rows', async () => {
    statements.length = 0;
    const result = await pagedList(counted(), page(1, 3), {
      columns: 'id',
      from: 'things',
      unfilteredTotal: 'SELECT n FROM thing_count',
    });
    expect(statements).toHaveLength(1);
    expect(result).toMatchObject({ total: 7, rows: [{ id: 1 }, { id: 2 }, { id: 3 }] });
    expect(Object.keys(result.rows[0])).toEqual(['id']);
  });

  it('unfiltered past the end: the empty page, then the count on its own', async () => {
    statements.length = 0;
    const result = await pagedList(counted(), page(5, 3), {
      columns: 'id',
      from: 'things',
      unfilteredTotal: 'SELECT n FROM thing_count',
    });
    expect(result).toMatchObject({ rows: [], total: 7 });
    expect(statements).toHaveLength(2);
  });

  it('filtered: one statement gives the page and the count of every match, and the count is not left on the rows', async () => {
    statements.length = 0;
    const result = await pagedList(counted(), page(1, 2, 'WHERE kind = $1', ['odd']), {
      columns: 'id',
      from: 'things',
    });
    expect(statements).toHaveLength(1);
    expect(result).toMatchObject({ total: 4, rows: [{ id: 1 }, { id: 3 }] });
    expect(Object.keys(result.rows[0])).toEqual(['id']);
  });

  it('filtered past the end: the empty page, then the count on its own with only the filter parameters', async () => {
    statements.length = 0;
    // An order of its own parameter ($2), as a relevance order has: the count binds only the filter's.
    const query = {
      ...page(3, 2, 'WHERE kind = $1', ['odd', 5]),
      orderBy: 'ORDER BY abs(id - $2), id',
      whereParams: 1,
    };
    const result = await pagedList(counted(), query, { columns: 'id', from: 'things' });
    expect(result).toMatchObject({ rows: [], total: 4 });
    expect(statements).toHaveLength(2);
    expect(result.paginationResult).toEqual({ currentPage: 3, limit: 2, numberOfPages: 2, prevPage: 2 });
  });

  it('filtered with unfilteredTotal: the exact count of the matches', async () => {
    const result = await pagedList(db, page(1, 10, 'WHERE kind = $1', ['even']), {
      columns: 'id',
      from: 'things',
      unfilteredTotal: 'SELECT n FROM thing_count',
    });
    expect(result.total).toBe(3);
  });
});

describe('pagedList with countCap', () => {
  it('counts at most the cap: past it the total is the cap and the list says so, the page is unchanged', async () => {
    const result = await pagedList<{ id: number }>(db, page(2, 2), { columns: 'id', from: 'things', countCap: 5 });
    expect(result.rows.map((r) => r.id)).toEqual([3, 4]);
    expect(result.total).toBe(5);
    expect(result.capped).toBe(true);
    expect(result.paginationResult).toEqual({ currentPage: 2, limit: 2, numberOfPages: 3, nextPage: 3, prevPage: 1 });
  });

  it('filtered with countBeside: the count is a statement of its own, beside the page; without it, in the page', async () => {
    for (const [countBeside, statementCount] of [
      [true, 2],
      [false, 1],
    ] as const) {
      statements.length = 0;
      const result = await pagedList(counted(), page(1, 2, 'WHERE kind = $1', ['odd']), {
        columns: 'id',
        from: 'things',
        countCap: 3,
        countBeside,
      });
      expect(result).toMatchObject({ rows: [{ id: 1 }, { id: 3 }], total: 3, capped: true });
      expect(statements).toHaveLength(statementCount);
    }
  });

  it('counts exactly up to the cap, and says nothing of a cap then', async () => {
    for (const [cap, where, params, total] of [
      [7, '', [], 7],
      [5, 'WHERE kind = $1', ['odd'], 4],
      [4, 'WHERE kind = $1', ['odd'], 4],
    ] as const) {
      const result = await pagedList(db, page(1, 10, where, [...params]), {
        columns: 'id',
        from: 'things',
        countCap: cap,
      });
      expect(result.total).toBe(total);
      expect(result.capped).toBeUndefined();
    }
  });
});

describe('unique violations', () => {
  const duplicate = () => db.query(`INSERT INTO things VALUES (100, 'thing 1', 'odd')`);

  it('isUniqueViolation tells a unique violation, of the named constraint when given, from other errors', async () => {
    const err = await duplicate().catch((e: unknown) => e);
    expect(isUniqueViolation(err)).toBe(true);
    expect(isUniqueViolation(err, 'things_name_key')).toBe(true);
    expect(isUniqueViolation(err, 'things_pkey')).toBe(false);
    const other = await db.query(`INSERT INTO things VALUES (101, NULL, 'odd')`).catch((e: unknown) => e);
    expect(isUniqueViolation(other)).toBe(false);
    expect(isUniqueViolation(undefined)).toBe(false);
  });

  it('onUniqueViolation turns it into the given answer and lets every other error and result through', async () => {
    await expect(onUniqueViolation(duplicate, () => new HttpError(400, 'Duplicate'))).rejects.toMatchObject({
      statusCode: 400,
      message: 'Duplicate',
    });
    await expect(
      onUniqueViolation(duplicate, () => new HttpError(400, 'Duplicate'), 'things_pkey'),
    ).rejects.toMatchObject({ code: '23505' });
    await expect(
      onUniqueViolation(
        () => db.query('SELECT nope'),
        () => new HttpError(400, 'Duplicate'),
      ),
    ).rejects.not.toBeInstanceOf(HttpError);
    await expect(
      onUniqueViolation(
        async () => 42,
        () => new HttpError(400, 'Duplicate'),
      ),
    ).resolves.toBe(42);
  });
});
