import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { imageBase, type AppContext } from '../../context';
import { slugify } from '../../lib/arabic';
import { duplicateValue, notFound } from '../../lib/errors';
import { onUniqueViolation } from '../../db';
import { isAbsoluteImageUrl, removeImage, storeImage } from '../../lib/images';
import { listResponse } from '../../lib/listQuery';
import { productSearchVector } from '../../lib/searchText';
import { toPiastres } from '../../lib/money';
import {
  DataOnly,
  IdParams,
  ListQuery,
  NoContent,
  Product,
  bearer,
  checks,
  formBody,
  idRules,
} from '../../lib/schemas';
import { HEX_COLOR, isId, isPresent, rules, text, toInteger, toNumber, validate } from '../../lib/validate';
import { requireAuth } from '../../plugins/auth';
import { readForm } from '../../plugins/uploads';
import { brandExists } from '../brands';
import { INVALID_IMAGE_URL } from '../categories';
import { categoryExists } from '../categories';
import { newestReviewsOf } from '../reviews';
import { reviewJson } from '../reviews';
import { findSubcategoryCategories, subcategoryIdsInCategory } from '../subcategories';
import {
  PRODUCT_LIST as listSpec,
  SKU_INDEX,
  skuTakenByOther,
  findProduct,
  findStoredProduct,
  insertProduct,
  updateProduct,
  type ProductValues,
  type StoredProductRow,
} from './repository';
import { PRODUCT_FILES_DOC, ProductFields, ProductList, ProductWithReviews } from './schemas';
import { listProductPage } from './search';
import { deleteProduct } from './service';
import { productJson } from './serialize';
import { SKU_MAX, isSku, normalizeSku } from './sku';
import { suggestionRoutes } from './suggestions';

const MAX_INT = 2_147_483_647;
const PRODUCT_FILES = { imageCover: 1, images: 5 };
const TOO_MANY_IMAGES = 'Too many files or unexpected file field: images';
/** How many reviews GET /products/:id embeds (API.md §9.15). */
const EMBEDDED_REVIEWS = 20;

/** A field sent once, repeated, as `name[]` or as a JSON array, as a list without empty entries. */
const listOf = (value: unknown): unknown[] =>
  (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]).filter(
    (v) => !(typeof v === 'string' && v.trim() === ''),
  );
const shown = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
/** `brand` of "" or "0" means "no brand" (the original web app sends them when none is chosen). */
const isNoBrand = (v: unknown) => v === null || text(v) === '' || text(v) === '0';

interface ProductInput {
  values: ProductValues;
  /** Newly stored files, removed again if the write fails. */
  uploaded: string[];
}

/**
 * Reads and validates a create (stored undefined) or update body in API.md §5.6's order, then stores
 * new images. Returns the allow-listed columns to write; nothing else from the body reaches the database.
 */
async function readProduct(ctx: AppContext, request: FastifyRequest, stored?: StoredProductRow): Promise<ProductInput> {
  const { fields, files } = await readForm(request, PRODUCT_FILES);
  const creating = !stored;
  const coverFile = files.imageCover?.[0];
  const galleryFiles = files.images ?? [];
  const optional = <T extends { optional(): T }>(r: T) => (creating ? r : r.optional());

  const newPrice = toNumber(fields.price);
  const priceLimit = newPrice !== undefined && toPiastres(newPrice) > 0 ? toPiastres(newPrice) : stored?.price;
  const newCategory = isId(fields.category) ? (fields.category as string) : undefined;
  const subIds = listOf(fields.subcategory);
  const subRows = subIds.every(isId) && subIds.length ? await findSubcategoryCategories(ctx.db, subIds) : [];
  const colors = listOf(fields.availableColors);

  const sku = isPresent(fields.sku) && text(fields.sku) !== undefined ? normalizeSku(text(fields.sku)!) : undefined;

  await validate('body', fields, {
    // Optional; "" or null takes it off (a create without one stores none).
    sku: rules()
      .check((v) => v === undefined || v === null || text(v) !== undefined, 'Product sku must be text')
      .check(() => sku === undefined || [...sku].length <= SKU_MAX, `Product sku must be at most ${SKU_MAX} characters`)
      .check(
        () => sku === undefined || isSku(sku),
        'Product sku may hold only letters, digits and . _ - / between them',
      )
      .check(
        async () => sku === undefined || !isSku(sku) || !(await skuTakenByOther(ctx.db, sku, stored?.id)),
        () => `Another product has this sku: ${sku}`,
      ),
    title: optional(rules().minLength(3, 'must be at least 3 chars').maxLength(100, 'Too long product title')),
    description: optional(
      rules()
        .required('Product description is required')
        .string('Product description is required')
        .maxLength(2000, 'Too long description'),
    ),
    quantity: optional(
      rules()
        .required('Product quantity is required')
        .numeric('Product quantity must be a number')
        .integer((n) => n >= 0 && n <= MAX_INT, 'Product quantity must be a non-negative integer'),
    ),
    price: optional(
      rules()
        .required('Product price is required')
        .numeric('Product price must be a number')
        .check((v) => String(v).trim().length <= 32, 'To long price')
        .number((n) => toPiastres(n) > 0, 'Product price must be greater than 0')
        .number((n) => toPiastres(n) <= MAX_INT, 'To long price'),
    ),
    // Absent keeps the stored discount; "" or null clears it. Compared with the new or the stored price.
    priceAfterDiscount: rules()
      .check((v) => !isPresent(v) || toNumber(v) !== undefined, 'Product priceAfterDiscount must be a number')
      .check((v) => !isPresent(v) || toNumber(v)! >= 0, 'Product priceAfterDiscount must not be negative')
      .check((v) => {
        const discount = isPresent(v)
          ? toPiastres(toNumber(v)!)
          : v === undefined
            ? stored?.price_after_discount
            : null;
        return discount == null || priceLimit == null || discount < priceLimit;
      }, 'priceAfterDiscount must be lower than price'),
    availableColors: rules().check(
      () => colors.every((c) => typeof c === 'string' && HEX_COLOR.test(c.trim())),
      () => `Invalid color: ${shown(colors.find((c) => typeof c !== 'string' || !HEX_COLOR.test(c.trim())))}`,
    ),
    images: rules()
      .check((v) => galleryFiles.length > 0 || listOf(v).length <= 5, TOO_MANY_IMAGES)
      .check((v) => galleryFiles.length > 0 || listOf(v).every(isAbsoluteImageUrl), INVALID_IMAGE_URL),
    category: optional(
      rules()
        .required('Product must be belong to a category')
        .id('Invalid ID formate')
        .check(
          async (v) => categoryExists(ctx.db, v as string),
          (v) => `No category exist for this id: ${v}`,
        ),
    ),
    subcategory: rules()
      .check(
        () => subRows.length === new Set(subIds.map((id) => String(id).toLowerCase())).size,
        'Invalid subcategories Ids',
      )
      .check(() => {
        const category = newCategory ?? stored?.category_id;
        return !isId(category) || subRows.every((s) => s.category_id === String(category).toLowerCase());
      }, 'Subcategory not belong to category'),
    brand: rules()
      .optional()
      .check((v) => isNoBrand(v) || isId(v), 'Invalid ID formate')
      .check(
        async (v) => isNoBrand(v) || brandExists(ctx.db, v as string),
        (v) => `No brand exist for this id: ${v}`,
      ),
    imageCover: rules().check(
      (v) => coverFile !== undefined || (!creating && !isPresent(v)) || isAbsoluteImageUrl(v),
      (v) => (isPresent(v) ? INVALID_IMAGE_URL : 'Product Image cover is required'),
    ),
  });

  const values: ProductValues = {};
  if (fields.sku !== undefined) values.sku = sku ?? null;
  const title = text(fields.title);
  const description = text(fields.description);
  if (title !== undefined) Object.assign(values, { title, slug: slugify(title) });
  if (description !== undefined) values.description = description;
  if (title !== undefined || description !== undefined) {
    values.search_vector = productSearchVector(title ?? stored!.title, description ?? stored!.description);
  }
  if (fields.quantity != null) values.quantity = toInteger(fields.quantity);
  if (newPrice !== undefined) values.price = toPiastres(newPrice);
  if (fields.priceAfterDiscount !== undefined) {
    values.price_after_discount = isPresent(fields.priceAfterDiscount)
      ? toPiastres(toNumber(fields.priceAfterDiscount)!)
      : null;
  }
  if (fields.availableColors !== undefined || creating) {
    values.available_colors = [...new Set(colors.map((c) => (c as string).trim().toLowerCase()))];
  }
  if (newCategory) values.category_id = newCategory;
  if (fields.subcategory !== undefined || creating) {
    values.subcategory_ids = [...new Set(subRows.map((s) => s.id))];
  } else if (newCategory && stored) {
    // A new category without new subcategories keeps only the stored ones that belong to it.
    const kept = await subcategoryIdsInCategory(ctx.db, newCategory, stored.subcategory_ids);
    values.subcategory_ids = stored.subcategory_ids.filter((id) => kept.includes(id));
  }
  if (fields.brand !== undefined) values.brand_id = isNoBrand(fields.brand) ? null : (fields.brand as string);

  const uploaded: string[] = [];
  try {
    if (coverFile)
      uploaded.push((values.image_cover = await storeImage(ctx.storage, 'products', coverFile, 'cover')) as string);
    else if (isPresent(fields.imageCover)) values.image_cover = text(fields.imageCover);
    if (galleryFiles.length) {
      values.images = [];
      for (const [i, file] of galleryFiles.entries()) {
        const name = await storeImage(ctx.storage, 'products', file, String(i + 1));
        uploaded.push(name);
        (values.images as string[]).push(name);
      }
    } else if (fields.images !== undefined) {
      values.images = listOf(fields.images).map((url) => text(url)) as string[];
    }
  } catch (err) {
    await removeUploads(ctx, uploaded);
    throw err;
  }
  return { values, uploaded };
}

/** API.md's duplicate-value 400, naming the SKU another product has. */
const duplicateSku = (values: ProductValues) => () => duplicateValue(values.sku ?? '');

const removeUploads = (ctx: AppContext, names: (string | null | undefined)[]) =>
  Promise.all(names.map((n) => removeImage(ctx.storage, 'products', n)));

export async function productRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<TypeBoxTypeProvider>();
  const { ctx } = app;
  const staff = requireAuth(ctx, 'manager', 'admin');
  const base = (request: FastifyRequest) => imageBase(request, ctx);
  const tags = ['products'];
  const Params = IdParams('id');
  const idChecks = checks({ params: idRules('id') });
  const body = formBody(ProductFields, PRODUCT_FILES_DOC);

  app.get(
    '/',
    {
      schema: {
        tags,
        summary: 'List products; a keyword is matched by words, best matches first (README, API notes)',
        querystring: ListQuery,
        response: { 200: ProductList },
      },
      config: { listSpec },
    },
    async (request) => {
      const { q, rows, total, correctedKeyword } = await listProductPage(
        ctx.db,
        request.query as Record<string, unknown>,
      );
      const list = listResponse(
        rows.map((r) => productJson(r, base(request))),
        total,
        q,
      );
      return correctedKeyword === undefined ? list : { ...list, correctedKeyword };
    },
  );

  await app.register(suggestionRoutes);

  app.get(
    '/:id',
    {
      schema: {
        tags,
        summary: 'One product with its newest reviews',
        params: Params,
        response: { 200: DataOnly(ProductWithReviews) },
      },
      preValidation: idChecks,
    },
    async (request) => {
      const { id } = request.params;
      const row = await findProduct(ctx.db, id);
      if (!row) throw notFound(`No document for this id ${id}`);
      const reviews = await newestReviewsOf(ctx.db, id, EMBEDDED_REVIEWS);
      return { data: { ...productJson(row, base(request)), reviews: reviews.map(reviewJson) } };
    },
  );

  app.post(
    '/',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Create a product (manager, admin)',
        body,
        response: { 201: DataOnly(Product) },
      },
      preValidation: staff,
      config: { multipart: true },
    },
    async (request, reply) => {
      const { values, uploaded } = await readProduct(ctx, request);
      try {
        const row = await onUniqueViolation(() => insertProduct(ctx.db, values), duplicateSku(values), SKU_INDEX);
        return reply.status(201).send({ data: productJson(row, base(request)) });
      } catch (err) {
        await removeUploads(ctx, uploaded);
        throw err;
      }
    },
  );

  const update = async (request: FastifyRequest<{ Params: { id: string } }>) => {
    const { id } = request.params;
    const stored = await findStoredProduct(ctx.db, id);
    if (!stored) throw notFound(`No document found for this id: ${id}`);
    const { values, uploaded } = await readProduct(ctx, request, stored);
    let row: StoredProductRow | undefined;
    try {
      row = await onUniqueViolation(() => updateProduct(ctx.db, id, values), duplicateSku(values), SKU_INDEX);
    } catch (err) {
      await removeUploads(ctx, uploaded);
      throw err;
    }
    if (!row) {
      await removeUploads(ctx, uploaded);
      throw notFound(`No document found for this id: ${id}`);
    }
    // Replaced files go only after the new ones are committed.
    // A file may be both the cover and a gallery image, so only files the product no longer uses at all go.
    const inUse = new Set<string>([row.image_cover, ...row.images]);
    await removeUploads(
      ctx,
      [stored.image_cover, ...stored.images].filter((img) => !inUse.has(img)),
    );
    return { data: productJson(row, base(request)) };
  };
  for (const method of ['PUT', 'PATCH'] as const) {
    app.route({
      method,
      url: '/:id',
      schema: {
        tags,
        security: bearer,
        summary: 'Change a product: the fields sent (manager, admin)',
        params: Params,
        body,
        response: { 200: DataOnly(Product) },
      },
      preValidation: [staff, idChecks],
      config: { multipart: true },
      handler: update,
    });
  }

  app.delete(
    '/:id',
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Delete a product; carts, wishlists and reviews lose it (admin)',
        params: Params,
        response: { 204: NoContent },
      },
      preValidation: [requireAuth(ctx, 'admin'), idChecks],
    },
    async (request, reply) => {
      const { id } = request.params;
      const removed = await deleteProduct(ctx.db, id);
      if (!removed) throw notFound(`No document found for this id: ${id}`);
      await removeUploads(ctx, [removed.image_cover, ...removed.images]);
      return reply.status(204).send(null);
    },
  );
}
