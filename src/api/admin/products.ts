// Admin-only product writes (reads are shared: src/api/products.ts).
import { apiClient } from '../client';
import { normalizeProduct } from '../normalize';
import type { ItemResponse, ListResponse, Product } from '../types';
import { adminResource } from './resource';
import type { UploadProgress } from './uploadProgress';

const products = adminResource<Product, FormData>('/products', { normalize: normalizeProduct });

/** POST /products (multipart); resolves with the stored product (only a 201 is created). */
export const createProduct = (form: FormData, onProgress?: UploadProgress): Promise<Product> =>
  products.create(form, onProgress);

/** PUT /products/:id (multipart); resolves with the product as now stored (only a 200 is updated). */
export const updateProduct = (id: string, form: FormData, onProgress?: UploadProgress): Promise<Product> =>
  products.update(id, form, onProgress);

export const deleteProduct = (id: string): Promise<void> => products.remove(id);

/** Stock filter of the admin list: none, out of stock (0), or low (1 to LOW_STOCK). */
export type StockFilter = '' | 'out' | 'low';
/** The dashboard's "low" (server/modules/dashboard LOW_STOCK). */
export const LOW_STOCK = 5;
/** Sorts of the admin list (API.md §2 sort names; '' = newest first). */
export type AdminProductSort = '' | 'title' | 'quantity' | '-quantity' | '-sold' | '+price' | '-price';

export interface AdminProductQuery {
  page: number;
  limit: number;
  keyword?: string;
  /** The owner's stock-keeping code, matched whole (the server normalises letter case and digits). */
  sku?: string;
  category?: string;
  brand?: string;
  stock?: StockFilter;
  sort?: AdminProductSort;
}

/**
 * The admin list's filters and sort as GET /products parameters (API.md §2 and our `sku`), shared by the list and
 * the catalogue sheet's export of what it shows.
 */
export function adminProductFilterParams(
  query: Omit<AdminProductQuery, 'page' | 'limit'>,
  params = new URLSearchParams(),
): URLSearchParams {
  if (query.keyword?.trim()) params.set('keyword', query.keyword.trim());
  if (query.sku?.trim()) params.set('sku', query.sku.trim());
  if (query.category) params.set('category', query.category);
  if (query.brand) params.set('brand', query.brand);
  if (query.stock === 'out') params.set('quantity', '0');
  if (query.stock === 'low') {
    params.set('quantity[gte]', '1');
    params.set('quantity[lte]', String(LOW_STOCK));
  }
  if (query.sort) params.set('sort', query.sort);
  return params;
}

/** GET /products with the list features of API.md §2 (keyword, category, brand, quantity, sort) and our `sku`. */
export async function listAdminProducts(query: AdminProductQuery): Promise<ListResponse<Product>> {
  const params = adminProductFilterParams(
    query,
    new URLSearchParams({ page: String(query.page), limit: String(query.limit) }),
  );
  const { data } = await apiClient.get<ListResponse<Product>>(`/products?${params}`);
  const page = data.data.map(normalizeProduct);
  const held = await heldByUnpaidCash(page.map((p) => p._id));
  return { ...data, data: page.map((p) => (held.has(p._id) ? { ...p, heldByUnpaidCash: held.get(p._id) } : p)) };
}

/**
 * GET /inventory/held (ours, staff): units of the products that unpaid, undelivered cash orders hold; the products
 * none holds are missing. A server without the route (or a failure) answers nothing held: the list still shows.
 */
export async function heldByUnpaidCash(ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  try {
    const { data } = await apiClient.get<{ data: Array<{ product: string; heldByUnpaidCash: number }> }>(
      '/inventory/held',
      { params: { products: ids.join(',') } },
    );
    return new Map(data.data.map((row) => [row.product, row.heldByUnpaidCash]));
  } catch {
    return new Map();
  }
}

/** PUT /products/:id with the new stock only; resolves with the product as now stored. */
export async function updateProductStock(id: string, quantity: number): Promise<Product> {
  const { data } = await apiClient.put<ItemResponse<Product>>(`/products/${encodeURIComponent(id)}`, { quantity });
  return normalizeProduct(data.data);
}

/** What PATCH /products/:id/variants/:variantId changes of one variant (ours); only the fields given. */
export interface VariantPatch {
  quantity?: number;
  price?: number | null;
  priceAfterDiscount?: number | null;
  sku?: string | null;
  barcode?: string | null;
  /** One of the product's image URLs; null: the product's own photos. */
  image?: string | null;
}

/** PATCH /products/:id/variants/:variantId (ours): one variant's stock, prices, SKU or photo; resolves with the product as now stored. */
export async function updateVariant(id: string, variantId: string, patch: VariantPatch): Promise<Product> {
  const { data } = await apiClient.patch<ItemResponse<Product>>(
    `/products/${encodeURIComponent(id)}/variants/${encodeURIComponent(variantId)}`,
    patch,
  );
  return normalizeProduct(data.data);
}
