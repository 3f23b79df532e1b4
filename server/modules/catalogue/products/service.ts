import type { Static } from 'typebox';
import type { AppContext } from '../../../context';
import { onUniqueViolation, type Db, type Queryable } from '../../../db';
import { foldArabic, slugify } from '../../../lib/arabic';
import { duplicateValue, notFound } from '../../../lib/errors';
import { removeImage, storeImage } from '../../../lib/images';
import { toEgp, toPiastres } from '../../../lib/money';
import { productSearchVector } from '../../../lib/searchText';
import { recordAudit, type AuditActor } from '../../audit';
import { subcategoryIdsInCategory } from '../subcategories/repository';
import {
  SKU_INDEX,
  deleteProductRow,
  findProduct,
  findStoredProduct,
  insertProduct,
  lockProductForAudit,
  productsToAnalyse,
  restartSearchIndex,
  searchAnalysis,
  setSearchVectors,
  updateProduct,
  type ProductValues,
  type StoredProductRow,
} from './repository';
import type { ProductNeighbours } from './neighbours';
import type { NewProduct, ProductForm } from './schemas';
import {
  PREFIX_FROM,
  findMatches,
  keywordSearch,
  keywordWords,
  shopWordsFor,
  wordQuery,
  type NameKind,
  type WordQuery,
} from './search';

/** How many reviews GET /products/:id embeds (API.md §9.15). */
const EMBEDDED_REVIEWS = 20;

/** The files of a product form: the cover and the gallery (either replaces what the product has). */
export interface ProductFiles {
  cover?: Buffer;
  gallery: Buffer[];
}

/** A product with its newest reviews (as the reviews module answers them); 404 when there is none. */
export async function productWithReviews(db: Queryable, id: string, reviewsOf: ProductNeighbours['reviewsOf']) {
  const row = await findProduct(db, id);
  if (!row) throw notFound(`No document for this id ${id}`);
  return { row, reviews: await reviewsOf(db, id, EMBEDDED_REVIEWS) };
}

/** The stored product an update changes; 404 (before its form is read) when there is none. */
export async function productToChange(db: Queryable, id: string) {
  const stored = await findStoredProduct(db, id);
  if (!stored) throw notFound(`No document found for this id: ${id}`);
  return stored;
}

/**
 * The columns a create (stored undefined) or an update writes from the checked form; nothing else from the request
 * reaches the database. A new category without new subcategories keeps only the stored ones that belong to it.
 */
async function valuesOf(db: Queryable, input: ProductForm, stored?: StoredProductRow): Promise<ProductValues> {
  const creating = !stored;
  const { title, description } = input;
  const values: ProductValues = {};
  if (input.sku !== undefined) values.sku = input.sku;
  if (title !== undefined) Object.assign(values, { title, slug: slugify(title) });
  if (description !== undefined) values.description = description;
  if (title !== undefined || description !== undefined)
    values.search_vector = productSearchVector(title ?? stored!.title, description ?? stored!.description);
  if (input.quantity !== undefined) values.quantity = input.quantity;
  if (input.price !== undefined) values.price = toPiastres(input.price);
  if (input.priceAfterDiscount !== undefined)
    values.price_after_discount = input.priceAfterDiscount === null ? null : toPiastres(input.priceAfterDiscount);
  if (input.availableColors !== undefined || creating) values.available_colors = input.availableColors ?? [];
  if (input.category) values.category_id = input.category;
  if (input.subcategory !== undefined || creating) {
    values.subcategory_ids = input.subcategory ?? [];
  } else if (input.category && stored) {
    const kept = await subcategoryIdsInCategory(db, input.category, stored.subcategory_ids);
    values.subcategory_ids = stored.subcategory_ids.filter((id) => kept.includes(id));
  }
  if (input.brand !== undefined) values.brand_id = input.brand;
  if (input.imageCover !== undefined) values.image_cover = input.imageCover;
  if (input.images !== undefined) values.images = input.images;
  return values;
}

const removeUploads = (ctx: AppContext, names: (string | null | undefined)[]) =>
  Promise.all(names.map((n) => removeImage(ctx.storage, 'products', n)));

/**
 * Stores the files sent in place of the cover and gallery URLs; answers the files stored, which the caller removes
 * if the write fails (and which are removed here if storing one fails).
 */
async function storeFiles(ctx: AppContext, values: ProductValues, files: ProductFiles): Promise<string[]> {
  const uploaded: string[] = [];
  try {
    if (files.cover)
      uploaded.push((values.image_cover = await storeImage(ctx.storage, 'products', files.cover, 'cover')));
    if (files.gallery.length) {
      values.images = [];
      for (const [i, file] of files.gallery.entries()) {
        const name = await storeImage(ctx.storage, 'products', file, String(i + 1));
        uploaded.push(name);
        values.images.push(name);
      }
    }
  } catch (err) {
    await removeUploads(ctx, uploaded);
    throw err;
  }
  return uploaded;
}

/** Runs a write; another product's SKU becomes API.md's duplicate 400, and the files stored for it are removed. */
async function write<T>(ctx: AppContext, values: ProductValues, uploaded: string[], fn: () => Promise<T>) {
  try {
    return await onUniqueViolation(fn, () => duplicateValue(values.sku ?? ''), SKU_INDEX);
  } catch (err) {
    await removeUploads(ctx, uploaded);
    throw err;
  }
}

/** What the audit log keeps of a product: its fields as the API names them, money in EGP. */
async function audited(tx: Queryable, id: string) {
  const p = await lockProductForAudit(tx, id);
  if (!p) return undefined;
  return {
    sku: p.sku,
    title: p.title,
    description: p.description,
    price: toEgp(p.price),
    priceAfterDiscount: p.price_after_discount === null ? null : toEgp(p.price_after_discount),
    quantity: p.quantity,
    colors: p.available_colors,
    category: p.category_id,
    subcategories: p.subcategory_ids,
    brand: p.brand_id,
    imageCover: p.image_cover,
    images: p.images,
  };
}

/** A new product from its checked form and files; recorded in the audit log in the same transaction. */
export async function createProduct(
  ctx: AppContext,
  actor: AuditActor,
  input: Static<typeof NewProduct>,
  files: ProductFiles,
) {
  const values = await valuesOf(ctx.db, input);
  const uploaded = await storeFiles(ctx, values, files);
  return write(ctx, values, uploaded, () =>
    ctx.db.tx(async (tx) => {
      const row = await insertProduct(tx, values);
      const after = await audited(tx, row.id);
      await recordAudit(tx, actor, { action: 'product.create', target: { type: 'product', id: row.id }, after });
      return row;
    }),
  );
}

/**
 * Changes the fields sent; 404 when the product went meanwhile. Replaced files go only after the new ones are
 * committed, and only those the product no longer uses at all (a file may be both the cover and a gallery image).
 */
export async function changeProduct(
  ctx: AppContext,
  actor: AuditActor,
  stored: StoredProductRow,
  input: ProductForm,
  files: ProductFiles,
) {
  const { id } = stored;
  const values = await valuesOf(ctx.db, input, stored);
  const uploaded = await storeFiles(ctx, values, files);
  // The audit log keeps the changed fields (price, discount, stock…) before and after, in the same transaction.
  const row = await write(ctx, values, uploaded, () =>
    ctx.db.tx(async (tx) => {
      const before = await audited(tx, id);
      if (!before) return undefined;
      const updated = await updateProduct(tx, id, values);
      const after = await audited(tx, id);
      await recordAudit(tx, actor, { action: 'product.update', target: { type: 'product', id }, before, after });
      return updated;
    }),
  );
  if (!row) {
    await removeUploads(ctx, uploaded);
    throw notFound(`No document found for this id: ${id}`);
  }
  const inUse = new Set<string>([row.image_cover, ...row.images]);
  await removeUploads(
    ctx,
    [stored.image_cover, ...stored.images].filter((img) => !inUse.has(img)),
  );
  return row;
}

/**
 * Deletes a product (see deleteProductRow) and then its files; 404 when there is none. The carts that held it keep a
 * running coupon with its total recomputed from the lines left, as after any cart change (API.md §6.3).
 */
export async function removeProduct(
  ctx: AppContext,
  actor: AuditActor,
  id: string,
  beforeDelete: ProductNeighbours['beforeDelete'],
) {
  const removed = await deleteProduct(ctx.db, actor, id, beforeDelete);
  if (!removed) throw notFound(`No document found for this id: ${id}`);
  await removeUploads(ctx, [removed.image_cover, ...removed.images]);
}

/**
 * Deletes a product, with what the cart does before and after (it settles the carts that held it); answers its files,
 * or undefined when there is none.
 */
const deleteProduct = (db: Db, actor: AuditActor, id: string, beforeDelete: ProductNeighbours['beforeDelete']) =>
  db.tx(async (tx) => {
    const before = await audited(tx, id);
    if (!before) return undefined;
    const afterDelete = await beforeDelete(tx, id);
    const row = await deleteProductRow(tx, id);
    if (!row) return undefined;
    await recordAudit(tx, actor, { action: 'product.delete', target: { type: 'product', id }, before });
    await afterDelete();
    return row;
  });

/** What the top bar's search offers while the shopper types (ours). */
export const SUGGESTED_PRODUCTS = 6;
export const SUGGESTED_NAMES = 4;
const MIN_SUGGESTION_KEYWORD = 2;

/**
 * The suggestions for what the shopper has typed so far: up to 6 products, 4 categories and 4 brands, matched as the
 * listing matches its keyword (search.ts) but only in titles, names and aliases, and with the last word taken as the
 * start of a word while the shopper is still typing it. Fewer than 2 letters suggest nothing.
 */
export async function productSuggestions(db: Queryable, keyword: string) {
  const typed = keywordWords(keyword);
  if ([...foldArabic(keyword)].length < MIN_SUGGESTION_KEYWORD || !typed.length)
    return { products: [], categories: [], brands: [] };

  const suggest = async (words: string[]) => {
    const shop = await shopWordsFor(db, words);
    const asked = words.map((w, i) => wordQuery(shop, w, i === words.length - 1 || [...w].length >= PREFIX_FROM));
    const search = keywordSearch({ words: asked }, { titleOnly: true });
    const { rows } = await findMatches(db, { limit: SUGGESTED_PRODUCTS }, search, { uncounted: true });
    return { shop, asked, products: rows };
  };
  let found = await suggest(typed);
  // No product: the last two words may be one the shop writes without the space ("لاب تو" → "لابتو…"), as the
  // listing respaces them (search.ts, respacedWords).
  if (!found.products.length && typed.length > 1 && found.asked.some((w) => !w.inShop)) {
    const joined = await suggest([...typed.slice(0, -2), typed.at(-2)! + typed.at(-1)!]);
    if (joined.products.length) found = joined;
  }
  const { shop, asked, products } = found;
  const names = (kind: NameKind) =>
    suggestedNames(
      shop.names.filter((n) => n.kind === kind),
      asked,
      kind,
    );
  return { products, categories: names('category'), brands: names('brand') };
}

/**
 * Names (with aliases) that match the keyword's words, those that match more of them first, then those matched by
 * exact words, then in name order.
 */
function suggestedNames(rows: { id: string; name: string }[], words: WordQuery[], kind: NameKind) {
  return rows
    .map((row) => ({
      row,
      matched: words.filter((w) => w.names[kind].includes(row.id)).length,
      exact: words.filter((w) => w.exactNames[kind].includes(row.id)).length,
    }))
    .filter((r) => r.matched > 0)
    .sort((a, b) => b.matched - a.matched || b.exact - a.exact || a.row.name.localeCompare(b.row.name, 'ar'))
    .slice(0, SUGGESTED_NAMES)
    .map(({ row }) => ({ _id: row.id, name: row.name }));
}

/**
 * The version of the text analysis (lib/searchText.ts, brokenPlurals.ts) the stored search vectors were made with.
 * Raise it with any change there that alters the terms of a word: the next start then analyses every product again.
 */
export const SEARCH_ANALYSIS = 1;
const ANALYSIS_BATCH = 1000;

/**
 * Fills in the search vectors a start finds missing (products of a database from before migration 018, or every
 * product after SEARCH_ANALYSIS changed), in batches, under the start-up lock. Nothing to do costs two reads.
 */
export function refreshSearchIndex(db: Db): Promise<number> {
  return db.exclusive(async () => {
    const analysis = await searchAnalysis(db);
    // Writes go in transactions, which the storefront's statement timeout does not cut off.
    if (analysis !== SEARCH_ANALYSIS)
      await db.tx((tx) => restartSearchIndex(tx, SEARCH_ANALYSIS, analysis !== undefined));
    let analysed = 0;
    for (;;) {
      const rows = await productsToAnalyse(db, ANALYSIS_BATCH);
      if (!rows.length) return analysed;
      await db.tx((tx) =>
        setSearchVectors(
          tx,
          rows.map((r) => r.id),
          rows.map((r) => productSearchVector(r.title, r.description)),
        ),
      );
      analysed += rows.length;
    }
  });
}
