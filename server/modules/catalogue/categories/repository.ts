import { pagedList, type PageQuery, type PagedList, type Queryable } from '../../../db';
import type { ListSpec } from '../../../lib/listQuery';

/** A category or a brand: both tables have these columns (migration 001). */
export interface NamedImageRow {
  id: string;
  name: string;
  slug: string;
  /** A stored file name or an absolute URL. */
  image: string | null;
  aliases: string[];
  created_at: Date;
  updated_at: Date;
}

export type CategoryRow = NamedImageRow;

export interface NamedImageInput {
  name: string;
  slug: string;
  image: string | null;
  aliases?: string[];
}

/** The filters and sorts of category and brand lists (API.md §2). */
export const NAMED_IMAGE_LIST: ListSpec = {
  fields: {
    name: { column: 'name', type: 'text' },
    createdAt: { column: 'created_at', type: 'date' },
    updatedAt: { column: 'updated_at', type: 'date', sortOnly: true },
  },
  keyword: (p) => `name ILIKE ${p}`,
};

/** The statements of categories and brands, which share their columns, rules and operations (API.md §5.3, §5.5). */
export function namedImageRepository(table: 'categories' | 'brands') {
  return {
    list: (db: Queryable, q: PageQuery): Promise<PagedList<NamedImageRow>> =>
      pagedList<NamedImageRow>(db, q, { columns: '*', from: table }),

    find: (db: Queryable, id: string) => db.one<NamedImageRow>(`SELECT * FROM ${table} WHERE id = $1`, [id]),

    exists: async (db: Queryable, id: string) => !!(await db.one(`SELECT 1 FROM ${table} WHERE id = $1`, [id])),

    /** The unique (case-insensitive) name refuses a duplicate. */
    insert: (db: Queryable, input: NamedImageInput) =>
      db.one<NamedImageRow>(`INSERT INTO ${table} (name, slug, image, aliases) VALUES ($1, $2, $3, $4) RETURNING *`, [
        input.name,
        input.slug,
        input.image,
        input.aliases ?? [],
      ]) as Promise<NamedImageRow>,

    /** The row, locked until the transaction ends (a change or a delete reads it first); undefined when there is none. */
    lock: (tx: Queryable, id: string) => tx.one<NamedImageRow>(`SELECT * FROM ${table} WHERE id = $1 FOR UPDATE`, [id]),

    /** Changes the fields given; undefined when there is no such row. */
    update: (tx: Queryable, id: string, input: Partial<NamedImageInput>) =>
      tx.one<NamedImageRow>(
        `UPDATE ${table} SET name = COALESCE($2, name), slug = COALESCE($3, slug), image = COALESCE($4, image),
           aliases = COALESCE($5, aliases), updated_at = now()
         WHERE id = $1 RETURNING *`,
        [id, input.name ?? null, input.slug ?? null, input.image ?? null, input.aliases ?? null],
      ),

    delete: async (tx: Queryable, id: string) => {
      await tx.query(`DELETE FROM ${table} WHERE id = $1`, [id]);
    },
  };
}

export type NamedImageRepository = ReturnType<typeof namedImageRepository>;

export const categoryRepository = namedImageRepository('categories');

export const categoryExists = categoryRepository.exists;

/** PostgreSQL's foreign_key_violation: a product still refers to the category being deleted (ON DELETE RESTRICT). */
export const isStillReferenced = (err: unknown) => (err as { code?: string })?.code === '23503';
