// The owner's thunks for one catalogue list (brands, categories, subcategories): add, list with product counts,
// rename or change the image, delete. Imported by the areas' adminThunks modules only (admin pages), and the
// calls come through import(), so admin code stays in admin chunks.
import { createAppAsyncThunk } from './hooks';

type CatalogApi = typeof import('../api/admin/catalog');
type CatalogueKind = import('../api/admin/catalog').CatalogueKind;
type CatalogueChange = import('../api/admin/catalog').CatalogueChange;
type UploadProgress = import('../api/admin/uploadProgress').UploadProgress;

const catalogApi = (): Promise<CatalogApi> => import('../api/admin/catalog');

/** The multipart name + image of a new brand or category, with its upload progress. */
export interface ImageUpload {
  form: FormData;
  onProgress?: UploadProgress;
}

/**
 * The four thunks of one catalogue area, typed `<area>/create`, `<area>/fetchCatalogue`, `<area>/update` and
 * `<area>/delete`. `create` is the area's own POST (multipart for brands and categories, JSON for subcategories) and
 * resolves with its HTTP status (201 = created); the rest call the shared catalogue endpoints of `kind`.
 */
export function createCatalogueThunks<CreateArg>(
  area: string,
  kind: CatalogueKind,
  create: (api: CatalogApi, arg: CreateArg) => Promise<number>,
) {
  return {
    created: createAppAsyncThunk(`${area}/create`, async (arg: CreateArg) => create(await catalogApi(), arg)),
    /** One page of the list, with product counts (kept by the list screen, not in the store). */
    fetchCatalogue: createAppAsyncThunk(
      `${area}/fetchCatalogue`,
      async ({ page, limit }: { page: number; limit: number }) => (await catalogApi()).listCatalogue(kind, page, limit),
    ),
    /** PUT /<kind>/:id: a new name, image and/or aliases. */
    updated: createAppAsyncThunk(
      `${area}/update`,
      async ({ id, body, onProgress }: { id: string; body: CatalogueChange; onProgress?: UploadProgress }) =>
        (await catalogApi()).updateCatalogueEntry(kind, id, body, onProgress),
    ),
    /** DELETE /<kind>/:id. */
    deleted: createAppAsyncThunk(`${area}/delete`, async (id: string) =>
      (await catalogApi()).deleteCatalogueEntry(kind, id),
    ),
  };
}
