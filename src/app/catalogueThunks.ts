// The owner's writes to one catalogue list (brands, categories, subcategories): add, rename or change the image,
// delete (the list itself, with product counts, is its slice's: createCatalogueListThunk in app/catalogueSlice.ts). Imported by the areas' adminThunks modules only (admin pages), and the
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
 * The three write thunks of one catalogue area, typed `<area>/create`, `<area>/update` and `<area>/delete`. `create` is the area's own POST (multipart for brands and categories, JSON for subcategories) and
 * resolves once created (it rejects otherwise, src/api/client.ts expectStatus); the rest call the shared catalogue endpoints of `kind`.
 */
export function createCatalogueThunks<CreateArg>(
  area: string,
  kind: CatalogueKind,
  create: (api: CatalogApi, arg: CreateArg) => Promise<void>,
) {
  return {
    create: createAppAsyncThunk(`${area}/create`, async (arg: CreateArg) => create(await catalogApi(), arg)),
    /** PUT /<kind>/:id: a new name, image and/or aliases. */
    update: createAppAsyncThunk(
      `${area}/update`,
      async ({ id, body, onProgress }: { id: string; body: CatalogueChange; onProgress?: UploadProgress }) =>
        (await catalogApi()).updateCatalogueEntry(kind, id, body, onProgress),
    ),
    /** DELETE /<kind>/:id. */
    delete: createAppAsyncThunk(`${area}/delete`, async (id: string) =>
      (await catalogApi()).deleteCatalogueEntry(kind, id),
    ),
  };
}
