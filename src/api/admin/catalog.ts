// Admin-only catalogue writes (and the subcategory read of the product form). Imported only by
// admin pages, so this code lands in admin chunks.
import type { Static } from 'typebox';
import type { NamedImageListItem, SubcategoryListItem } from '../../../common/contract/catalogue';
import { apiClient } from '../client';
import { adminResource } from './resource';
import type { UploadProgress } from './uploadProgress';
import type { ListResponse, Subcategory } from '../types';
import { imageUrl } from '../normalize';

/** POST /categories (multipart name + image); resolves once created (only a 201 is). */
export async function createCategory(form: FormData, onProgress?: UploadProgress): Promise<void> {
  await catalogue('categories').create(form, onProgress);
}

/** POST /brands (multipart name + image); resolves once created (only a 201 is). */
export async function createBrand(form: FormData, onProgress?: UploadProgress): Promise<void> {
  await catalogue('brands').create(form, onProgress);
}

/** POST /subcategories; resolves once created (only a 201 is; a duplicate name rejects with 400). */
export async function createSubcategory(body: { name: string; category: string }): Promise<void> {
  await catalogue('subcategories').create(body);
}

/** GET /categories/:id/subcategories (the sub-category picker of the product form). */
export async function listSubcategoriesOf(categoryId: string): Promise<Subcategory[]> {
  const { data } = await apiClient.get<ListResponse<Subcategory>>(
    `/categories/${encodeURIComponent(categoryId)}/subcategories`,
    {
      params: { limit: 100 },
    },
  );
  return data.data;
}

/** The three catalogue lists the owner manages (API.md §5.3–5.5). */
export type CatalogueKind = 'brands' | 'categories' | 'subcategories';

/**
 * A brand, category or subcategory as the admin list shows it: a list item of any of the three (a subcategory has its
 * `category`, brands and categories an `image`); `productCount` comes with `withCounts=1`, `aliases` are ours.
 */
export type CatalogueEntry = Pick<NamedImageItem, '_id' | 'name'> &
  Partial<Pick<NamedImageItem, 'image' | 'productCount' | 'aliases'> & Pick<SubcategoryItem, 'category'>>;
type NamedImageItem = Static<typeof NamedImageListItem>;
type SubcategoryItem = Static<typeof SubcategoryListItem>;

/** A change of one entry: a multipart form (brands, categories: the image may change) or JSON (subcategories). */
export type CatalogueChange = FormData | { name?: string; aliases?: string[] };

/** The owner's calls on one of the three lists; brands' and categories' images as absolute URLs. */
const catalogue = (kind: CatalogueKind) =>
  adminResource<CatalogueEntry, CatalogueChange | { name: string; category: string }>(`/${kind}`, {
    normalize: (entry) => ({ ...entry, image: kind === 'subcategories' ? undefined : imageUrl(entry.image, kind) }),
  });

/** GET /brands|categories|subcategories?withCounts=1, newest first. */
export const listCatalogue = (
  kind: CatalogueKind,
  page: number,
  limit: number,
): Promise<ListResponse<CatalogueEntry>> => catalogue(kind).list({ page, limit, withCounts: 1 });

/** PUT /:kind/:id: a new name and/or image (multipart for brands and categories, JSON for subcategories). */
export async function updateCatalogueEntry(
  kind: CatalogueKind,
  id: string,
  body: CatalogueChange,
  onProgress?: UploadProgress,
): Promise<void> {
  await catalogue(kind).update(id, body, onProgress);
}

/** DELETE /:kind/:id (admin; a category that still has products answers 409, API.md §6.7). */
export const deleteCatalogueEntry = (kind: CatalogueKind, id: string): Promise<void> => catalogue(kind).remove(id);
