// The owner's category writes: imported by admin pages only, so these thunks (and, through import(), their calls) stay in admin chunks.
import { createAppAsyncThunk } from '../../app/hooks';

type UploadProgress = import('../../api/admin/uploadProgress').UploadProgress;

/** POST /categories (the owner; multipart name + image); resolves with the HTTP status (201 = created). */
export const createdCategory = createAppAsyncThunk('category/create', async ({ form, onProgress }: { form: FormData; onProgress?: UploadProgress }) =>
  (await import('../../api/admin/catalog')).createCategory(form, onProgress),
);

type CatalogueEntry = import('../../api/admin/catalog').CatalogueEntry;
type ListResponse<T> = import('../../api/types').ListResponse<T>;

/** One page of the owner's category list, with product counts (kept by the list screen, not in the store). */
export const fetchCategoryCatalogue = createAppAsyncThunk(
  'category/fetchCatalogue',
  async ({ page, limit }: { page: number; limit: number }): Promise<ListResponse<CatalogueEntry>> =>
    (await import('../../api/admin/catalog')).listCatalogue('categories', page, limit),
);

/** PUT /categories/:id: a new name and/or image. */
export const updatedCategory = createAppAsyncThunk(
  'category/update',
  async ({ id, body, onProgress }: { id: string; body: FormData | { name: string }; onProgress?: UploadProgress }) =>
    (await import('../../api/admin/catalog')).updateCatalogueEntry('categories', id, body, onProgress),
);

/** DELETE /categories/:id (the owner). */
export const deletedCategory = createAppAsyncThunk('category/delete', async (id: string) =>
  (await import('../../api/admin/catalog')).deleteCatalogueEntry('categories', id),
);
