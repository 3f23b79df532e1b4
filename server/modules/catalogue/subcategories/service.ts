import type { Static } from 'typebox';
import type { Db, Queryable } from '../../../db';
import { recordAudit, type AuditActor } from '../../audit';
import { onUniqueViolation } from '../../../db';
import { aliasesToStore } from '../../../lib/aliases';
import { slugify } from '../../../lib/arabic';
import { duplicateValue, notFound } from '../../../lib/errors';
import { buildListQuery, listResponse } from '../../../lib/listQuery';
import { withProductCounts } from '../products/productCounts';
import { removeSubcategoryFromProducts } from '../products/repository';
import type { CountedListQuery } from '../categories/schemas';
import {
  SUBCATEGORY_LIST,
  deleteSubcategory,
  findSubcategory,
  insertSubcategory,
  lockSubcategory,
  listSubcategories as listRows,
  updateSubcategory,
  type SubcategoryRow,
} from './repository';
import type { NewSubcategory, SubcategoryForm } from './schemas';
import { subcategoryJson } from './serialize';

/** A list page of subcategories (API.md §2), of one category when given, with product counts when asked. */
export async function listSubcategories(db: Db, query: Static<typeof CountedListQuery>, categoryId?: string) {
  const q = categoryId
    ? buildListQuery(query, SUBCATEGORY_LIST, ['category_id = $1'], [categoryId])
    : buildListQuery(query, SUBCATEGORY_LIST);
  const { rows, total } = await listRows(db, q);
  const objects = rows.map(subcategoryJson);
  return listResponse(query.withCounts ? await withProductCounts(db, 'subcategories', objects) : objects, total, q);
}

/** One subcategory; 404 when there is none. */
export async function getSubcategory(db: Db, id: string) {
  const row = await findSubcategory(db, id);
  if (!row) throw notFound(`No document for this id ${id}`);
  return subcategoryJson(row);
}

/** What the audit log keeps of a subcategory. */
const audited = (row: SubcategoryRow) => ({ name: row.name, category: row.category_id, aliases: row.aliases });
const target = (id: string) => ({ type: 'subcategory' as const, id });

/** A new subcategory; a name its category already has → API.md's duplicate 400. Recorded in the audit log. */
export async function createSubcategory(db: Db, actor: AuditActor, input: Static<typeof NewSubcategory>) {
  const { name } = input;
  const row = await onUniqueViolation(
    () =>
      db.tx(async (tx: Queryable) => {
        const inserted = await insertSubcategory(tx, {
          name,
          slug: slugify(name),
          categoryId: input.category,
          aliases: aliasesToStore(input.aliases),
        });
        await recordAudit(tx, actor, {
          action: 'subcategory.create',
          target: target(inserted.id),
          after: audited(inserted),
        });
        return inserted;
      }),
    () => duplicateValue(name),
  );
  return subcategoryJson(row);
}

/** Renames a subcategory or moves it to another category (only the fields sent); 404 when there is none. */
export async function changeSubcategory(db: Db, actor: AuditActor, id: string, input: SubcategoryForm) {
  const { name } = input;
  const values = {
    name,
    slug: name ? slugify(name) : undefined,
    categoryId: input.category,
    aliases: aliasesToStore(input.aliases),
  };
  const row = await onUniqueViolation(
    () =>
      db.tx(async (tx) => {
        const before = await lockSubcategory(tx, id);
        if (!before) return undefined;
        const after = await updateSubcategory(tx, id, values);
        if (!after) return undefined;
        // Moved to another category, it no longer describes the products of the old one: they lose it.
        if (values.categoryId) await removeSubcategoryFromProducts(tx, after.id, values.categoryId);
        await recordAudit(tx, actor, {
          action: 'subcategory.update',
          target: target(id),
          before: audited(before),
          after: audited(after),
        });
        return after;
      }),
    () => duplicateValue(name ?? ''),
  );
  if (!row) throw notFound(`No document found for this id: ${id}`);
  return subcategoryJson(row);
}

/** Deletes a subcategory (its products lose it); 404 when there is none. */
export async function removeSubcategory(db: Db, actor: AuditActor, id: string) {
  const deleted = await db.tx(async (tx) => {
    const before = await deleteSubcategory(tx, id);
    if (!before) return false;
    await removeSubcategoryFromProducts(tx, before.id);
    await recordAudit(tx, actor, { action: 'subcategory.delete', target: target(id), before: audited(before) });
    return true;
  });
  if (!deleted) throw notFound(`No document found for this id: ${id}`);
}
