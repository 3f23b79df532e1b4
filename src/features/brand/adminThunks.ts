// The owner's brand writes: imported by admin pages only, so these thunks (and, through import(), their calls) stay in admin chunks.
import { createAppAsyncThunk } from '../../app/hooks';

type UploadProgress = import('../../api/admin/uploadProgress').UploadProgress;

/** POST /brands (the owner; multipart name + image); resolves with the HTTP status (201 = created). */
export const createdBrand = createAppAsyncThunk('brand/create', async ({ form, onProgress }: { form: FormData; onProgress?: UploadProgress }) =>
  (await import('../../api/admin/catalog')).createBrand(form, onProgress),
);

type CatalogueEntry = import('../../api/admin/catalog').CatalogueEntry;
type ListResponse<T> = import('../../api/types').ListResponse<T>;

/** One page of the owner's brand list, with product counts (kept by the list screen, not in the store). */
export const fetchBrandCatalogue = createAppAsyncThunk(
  'brand/fetchCatalogue',
  async ({ page, limit }: { page: number; limit: number }): Promise<ListResponse<CatalogueEntry>> =>
    (await import('../../api/admin/catalog')).listCatalogue('brands', page, limit),
);

/** PUT /brands/:id: a new name and/or image. */
export const updatedBrand = createAppAsyncThunk(
  'brand/update',
  async ({ id, body, onProgress }: { id: string; body: FormData | { name: string }; onProgress?: UploadProgress }) =>
    (await import('../../api/admin/catalog')).updateCatalogueEntry('brands', id, body, onProgress),
);

/** DELETE /brands/:id (the owner). */
export const deletedBrand = createAppAsyncThunk('brand/delete', async (id: string) =>
  (await import('../../api/admin/catalog')).deleteCatalogueEntry('brands', id),
);
