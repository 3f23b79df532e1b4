import { pagedList, type Db, type PageQuery, type PagedList, type Queryable } from '../../../db';
import type { ListSpec } from '../../../lib/listQuery';
import { removeSubcategoryFromProducts } from '../products/repository';

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

/**
 * Changes the fields given; a subcategory moved to another category no longer describes the products of the old
 * one, so it leaves them in the same transaction. Undefined when there is no such subcategory.
 */
export const updateSubcategory = (
  db: Db,
  id: string,
  input: Partial<SubcategoryInput>,
  then?: (tx: Queryable, before: SubcategoryRow, after: SubcategoryRow) => Promise<void>,
) =>
  db.tx(async (tx) => {
    const before = await tx.one<SubcategoryRow>('SELECT * FROM subcategories WHERE id = $1 FOR UPDATE', [id]);
    if (!before) return undefined;
    const updated = await tx.one<SubcategoryRow>(
      `UPDATE subcategories SET name = COALESCE($2, name), slug = COALESCE($3, slug), category_id = COALESCE($4, category_id),
         aliases = COALESCE($5, aliases), updated_at = now()
       WHERE id = $1 RETURNING *`,
      [id, input.name ?? null, input.slug ?? null, input.categoryId ?? null, input.aliases ?? null],
    );
    if (updated && input.categoryId) await removeSubcategoryFromProducts(tx, updated.id, input.categoryId);
    if (updated && then) await then(tx, before, updated);
    return updated;
  });

/** Deletes the subcategory and takes it off its products; false when there is no such subcategory. */
export const deleteSubcategory = (
  db: Db,
  id: string,
  then?: (tx: Queryable, before: SubcategoryRow) => Promise<void>,
) =>
  db.tx(async (tx) => {
    const row = await tx.one<SubcategoryRow>('DELETE FROM subcategories WHERE id = $1 RETURNING *', [id]);
    if (!row) return false;
    await removeSubcategoryFromProducts(tx, row.id);
    if (then) await then(tx, row);
    return true;
  });
