// The owner's subcategory writes: imported by admin pages only, so these thunks (and, through import(), their calls) stay in admin chunks.
import { createAppAsyncThunk } from '../../app/hooks';
import type { Id } from '../../api/types';
import { catalogApi } from './subCategorySlice';

/** Resolves with the HTTP status (201 = created; a duplicate name rejects with 400). */
export const createdSubcategory = createAppAsyncThunk('subCategory/create', async (body: { name: string; category: Id }) =>
  (await catalogApi()).createSubcategory(body),
);

type UploadProgress = import('../../api/admin/uploadProgress').UploadProgress;
type CatalogueEntry = import('../../api/admin/catalog').CatalogueEntry;
type ListResponse<T> = import('../../api/types').ListResponse<T>;

/** One page of the owner's subcategory list, with product counts (kept by the list screen, not in the store). */
export const fetchSubcategoryCatalogue = createAppAsyncThunk(
  'subCategory/fetchCatalogue',
  async ({ page, limit }: { page: number; limit: number }): Promise<ListResponse<CatalogueEntry>> =>
    (await import('../../api/admin/catalog')).listCatalogue('subcategories', page, limit),
);

/** PUT /subcategories/:id: a new name. */
export const updatedSubcategory = createAppAsyncThunk(
  'subCategory/update',
  async ({ id, body, onProgress }: { id: string; body: FormData | { name: string }; onProgress?: UploadProgress }) =>
    (await import('../../api/admin/catalog')).updateCatalogueEntry('subcategories', id, body, onProgress),
);

/** DELETE /subcategories/:id (the owner). */
export const deletedSubcategory = createAppAsyncThunk('subCategory/delete', async (id: string) =>
  (await import('../../api/admin/catalog')).deleteCatalogueEntry('subcategories', id),
);
