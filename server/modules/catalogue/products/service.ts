import type { Static } from 'typebox';
import type { AppContext } from '../../../context';
import { onUniqueViolation, type Db, type Queryable } from '../../../db';
import { foldArabic, slugify } from '../../../lib/arabic';
import { ValidationError, badRequest, duplicateValue, fieldError, notFound } from '../../../lib/errors';
import { removeImage, storeImage } from '../../../lib/images';
import { toEgp, toPiastres } from '../../../lib/money';
import { productSearchVector } from '../../../lib/searchText';
import { recordAudit, type AuditActor } from '../../audit';
import { subcategoryIdsInCategory } from '../subcategories/repository';
import {
  SKU_INDEX,
  VARIANT_SKU_INDEX,
  archiveVariantsExcept,
  deleteProductRow,
  insertVariant,
  updateVariant,
  variantsOfProduct,
  findProduct,
  findStoredProduct,
  insertProduct,
  lockProductForAudit,
  productsToAnalyse,
  restartSearchIndex,
  searchAnalysis,
  setSearchVectors,
  touchProduct,
  updateProduct,
  type ProductValues,
  type ProductWrite,
  type StoredProductRow,
  type StoredVariantRow,
  type VariantValues,
} from './repository';
import { optionTerms } from './variants';
import type { ProductNeighbours } from './neighbours';
import { checkVariantForm, type NewProduct, type ProductForm, type VariantForm, type VariantPatch } from './schemas';
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
async function valuesOf(
  db: Queryable,
  input: ProductForm,
  variants: VariantForm | undefined,
  stored?: StoredProductRow,
): Promise<ProductWrite> {
  const creating = !stored;
  const { title, description } = input;
  const values: ProductWrite = {};
  if (variants) values.options = JSON.stringify(variants.options);
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
  // A product with options has the stock of its variants (migration 034 sums them).
  if ((variants ?? { options: stored?.options ?? [] }).options.length) delete values.quantity;
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
    // A SKU taken meanwhile (by a product or a variant) meets the unique indexes or the triggers of migration 034.
    return await onUniqueViolation(
      () => onUniqueViolation(fn, () => duplicateValue(values.sku ?? ''), SKU_INDEX),
      (err) => duplicateValue(skuOfViolation(err)),
      VARIANT_SKU_INDEX,
    );
  } catch (err) {
    await removeUploads(ctx, uploaded);
    throw err;
  }
}

/** The SKU a unique violation names (`Key (sku)=(AB-1)` or the trigger's `duplicate sku AB-1`). */
const skuOfViolation = (err: unknown) => {
  const { detail, message } = err as { detail?: string; message?: string };
  return /\(sku\)=\((.*)\)/.exec(detail ?? '')?.[1] ?? /duplicate sku (.*)$/.exec(message ?? '')?.[1] ?? '';
};

/**
 * Writes a product's checked options and variants (the product row already carries the options): every variant
 * kept is updated in place (matched by its _id, else by its values), a new one is inserted, the others archived,
 * so the carts and orders that hold them still name them. A product left without options gets its implicit
 * variant back, with `quantity`.
 */
async function writeVariants(tx: Queryable, productId: string, form: VariantForm, quantity: number | undefined) {
  const own = await variantsOfProduct(tx, productId);
  const byValues = new Map<string, string>();
  // Non-archived first (variantsOfProduct's order): a combination kept keeps its id.
  for (const v of own)
    if (!byValues.has(v.option_values.join('\u0000'))) byValues.set(v.option_values.join('\u0000'), v.id);
  if (!form.options.length) {
    const implicit = byValues.get('');
    const sent = form.variants[0];
    const values: VariantValues = {
      quantity: quantity ?? sent?.quantity ?? own.find((v) => v.id === implicit && !v.archived_at)?.quantity ?? 0,
      ...(sent ? { barcode: sent.barcode } : {}),
    };
    await archiveVariantsExcept(tx, productId, implicit ? [implicit] : []);
    if (implicit) await updateVariant(tx, productId, implicit, values);
    else await insertVariant(tx, productId, values);
    return;
  }
  // Archive all first, then bring back each kept one: values may move between variants without meeting the
  // unique index of a product's combinations.
  await archiveVariantsExcept(tx, productId, []);
  for (const [position, v] of form.variants.entries()) {
    const values: VariantValues = {
      position,
      option_values: v.values,
      option_terms: optionTerms(form.options, v.values),
      quantity: v.quantity,
      price: v.price,
      price_after_discount: v.price_after_discount,
      sku: v.sku,
      barcode: v.barcode,
      image: v.image,
    };
    const id = v.id ?? byValues.get(v.values.join('\u0000'));
    if (id) await updateVariant(tx, productId, id, values);
    else await insertVariant(tx, productId, values);
  }
}

/** A stored variant as the owner's form sends it (prices in EGP): what an edit starts from. */
const variantAsSent = (v: StoredVariantRow) => ({
  _id: v.id,
  options: v.option_values,
  quantity: v.quantity,
  price: v.price === null ? null : toEgp(v.price),
  priceAfterDiscount: v.price_after_discount === null ? null : toEgp(v.price_after_discount),
  sku: v.sku,
  barcode: v.barcode,
  image: v.image,
});

/** What the audit log keeps of a product: its fields as the API names them, money in EGP. */
async function audited(tx: Queryable, id: string) {
  const p = await lockProductForAudit(tx, id);
  if (!p) return undefined;
  const fields = {
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
  // The options and variants of a product that has them (one without keeps its entries as they were).
  if (!p.options.length) return fields;
  return {
    ...fields,
    options: p.options,
    variants: (await variantsOfProduct(tx, id)).filter((v) => !v.archived_at).map(variantAsSent),
  };
}

/** A new product from its checked form and files; recorded in the audit log in the same transaction. */
export async function createProduct(
  ctx: AppContext,
  actor: AuditActor,
  input: Static<typeof NewProduct>,
  variants: VariantForm | undefined,
  files: ProductFiles,
) {
  const values = await valuesOf(ctx.db, input, variants);
  if (values.quantity === undefined) values.quantity = 0;
  const uploaded = await storeFiles(ctx, values, files);
  return write(ctx, values, uploaded, () =>
    ctx.db.tx(async (tx) => {
      const { id } = await insertProduct(tx, values);
      if (variants?.options.length) await writeVariants(tx, id, variants, undefined);
      else if (variants?.variants.length) await writeVariants(tx, id, variants, input.quantity);
      const after = await audited(tx, id);
      await recordAudit(tx, actor, { action: 'product.create', target: { type: 'product', id }, after });
      return (await findProduct(tx, id))!;
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
  variants: VariantForm | undefined,
  files: ProductFiles,
) {
  const { id } = stored;
  const values = await valuesOf(ctx.db, input, variants, stored);
  const uploaded = await storeFiles(ctx, values, files);
  // The audit log keeps the changed fields (price, discount, stock…) before and after, in the same transaction.
  const row = await write(ctx, values, uploaded, () =>
    ctx.db.tx(async (tx) => {
      const before = await audited(tx, id);
      if (!before) return undefined;
      const updated = await updateProduct(tx, id, values);
      if (!updated) return undefined;
      // Options changed, or variants sent: the variants follow; a product leaving its options gets its stock back.
      if (variants && (variants.options.length || variants.variants.length || stored.options.length))
        await writeVariants(tx, id, variants, input.quantity);
      const after = await audited(tx, id);
      await recordAudit(tx, actor, { action: 'product.update', target: { type: 'product', id }, before, after });
      return (await findProduct(tx, id))!;
    }),
  );
  if (!row) {
    await removeUploads(ctx, uploaded);
    throw notFound(`No document found for this id: ${id}`);
  }
  const inUse = new Set<string>([row.image_cover, ...row.images, ...row.variants.map((v) => v.image ?? '')]);
  await removeUploads(
    ctx,
    [stored.image_cover, ...stored.images].filter((img) => !inUse.has(img)),
  );
  return row;
}

/**
 * PATCH /products/:id/variants/:variantId: changes the fields sent of one variant on sale, checked with the
 * product's other variants as a product update checks them (a problem names the field itself); 404 when the
 * product or its variant is not there. Answers the product.
 */
export async function changeVariant(
  ctx: AppContext,
  actor: AuditActor,
  productId: string,
  variantId: string,
  patch: VariantPatch,
) {
  const stored = await productToChange(ctx.db, productId);
  const own = (await variantsOfProduct(ctx.db, productId)).filter((v) => !v.archived_at);
  const index = own.findIndex((v) => v.id === variantId.toLowerCase());
  if (index < 0) throw notFound(`No variant of this product for this id: ${variantId}`);
  if (!stored.options.length && ['price', 'priceAfterDiscount', 'sku', 'image'].some((k) => k in patch))
    throw badRequest('A product without options has its price, discount, SKU and image as a product');
  const sent = own.map(variantAsSent);
  Object.assign(sent[index]!, patch);
  let form: VariantForm;
  try {
    form = (await checkVariantForm(ctx, { variants: sent }, stored))!;
  } catch (err) {
    if (err instanceof ValidationError)
      throw new ValidationError(
        err.errors.map((e) =>
          fieldError('body', e.path.replace(/^variants\[\d+\]\.?/, '') || 'variants', e.msg, e.value),
        ),
      );
    throw err;
  }
  return write(ctx, {}, [], () =>
    ctx.db.tx(async (tx) => {
      const before = await audited(tx, productId);
      if (!before) throw notFound(`No document found for this id: ${productId}`);
      await writeVariants(tx, productId, form, undefined);
      await touchProduct(tx, productId);
      const after = await audited(tx, productId);
      await recordAudit(tx, actor, {
        action: 'product.update',
        target: { type: 'product', id: productId },
        before,
        after,
      });
      return (await findProduct(tx, productId))!;
    }),
  );
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
