import { pagedList, type PageQuery, type PagedList, type Queryable } from '../../../db';
import type { ListSpec } from '../../../lib/listQuery';

export interface SubcategoryRow {
  id: string;
  name: string;
  slug: string;
  category_id: string;
  aliases: string[];
  created_at: Date;
  updated_at: Date;
}

export interface SubcategoryInput {
  name: string;
  slug: string;
  categoryId: string;
  aliases?: string[];
}

/** The filters and sorts of subcategory lists (API.md §2). */
export const SUBCATEGORY_LIST: ListSpec = {
  fields: {
    name: { column: 'name', type: 'text' },
    category: { column: 'category_id', type: 'id' },
    createdAt: { column: 'created_at', type: 'date' },
    updatedAt: { column: 'updated_at', type: 'date', sortOnly: true },
  },
  keyword: (p) => `name ILIKE ${p}`,
};

export const listSubcategories = (db: Queryable, q: PageQuery): Promise<PagedList<SubcategoryRow>> =>
  pagedList<SubcategoryRow>(db, q, { columns: '*', from: 'subcategories' });

export const findSubcategory = (db: Queryable, id: string) =>
  db.one<SubcategoryRow>('SELECT * FROM subcategories WHERE id = $1', [id]);

/** The subcategories of those ids that exist, with their category (ids as text, lower case). */
export const findSubcategoryCategories = (db: Queryable, ids: unknown[]) =>
  db.query<{ id: string; category_id: string }>(
    'SELECT id::text, category_id::text FROM subcategories WHERE id = ANY($1::uuid[])',
    [ids],
  );

/** Which of the ids are subcategories of the category. */
export const subcategoryIdsInCategory = async (db: Queryable, categoryId: string, ids: string[]) =>
  (
    await db.query<{ id: string }>(
      'SELECT id::text FROM subcategories WHERE category_id = $1 AND id = ANY($2::uuid[])',
      [categoryId, ids],
    )
  ).map((r) => r.id);

/** The unique name (within the category) refuses a duplicate. */
export const insertSubcategory = async (db: Queryable, input: SubcategoryInput) =>
  (await db.one<SubcategoryRow>(
    'INSERT INTO subcategories (name, slug, category_id, aliases) VALUES ($1, $2, $3, $4) RETURNING *',
    [input.name, input.slug, input.categoryId, input.aliases ?? []],
  ))!;

/** The subcategory, locked until the transaction ends (a change reads it first); undefined when there is none. */
export const lockSubcategory = (tx: Queryable, id: string) =>
  tx.one<SubcategoryRow>('SELECT * FROM subcategories WHERE id = $1 FOR UPDATE', [id]);

/** Changes the fields given; undefined when there is no such subcategory. */
export const updateSubcategory = (tx: Queryable, id: string, input: Partial<SubcategoryInput>) =>
  tx.one<SubcategoryRow>(
    `UPDATE subcategories SET name = COALESCE($2, name), slug = COALESCE($3, slug), category_id = COALESCE($4, category_id),
       aliases = COALESCE($5, aliases), updated_at = now()
     WHERE id = $1 RETURNING *`,
    [id, input.name ?? null, input.slug ?? null, input.categoryId ?? null, input.aliases ?? null],
  );

/** Deletes the subcategory and answers it; undefined when there is no such subcategory. */
export const deleteSubcategory = (tx: Queryable, id: string) =>
  tx.one<SubcategoryRow>('DELETE FROM subcategories WHERE id = $1 RETURNING *', [id]);
