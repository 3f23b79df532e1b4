// The owner's product edits: imported by admin pages only, so these thunks (and, through import(), their calls) stay in admin chunks.
import { createAppAsyncThunk } from '../../app/hooks';
import { getProduct } from '../../api/products';
import type { Id } from '../../api/types';
import { fileDate, saveFile } from '../../lib/download';

const adminProductsApi = () => import('../../api/admin/products');
type UploadProgress = import('../../api/admin/uploadProgress').UploadProgress;

/** One product for the owner's edit form, loaded afresh into the admin slice (the storefront's `details` stay as they are). */
export const fetchProductForEdit = createAppAsyncThunk('products/fetchForEdit', (id: Id) => getProduct(id));

interface ProductUpload {
  form: FormData;
  onProgress?: UploadProgress;
}

/** Resolves with the product as stored. */
export const createProduct = createAppAsyncThunk('products/create', async ({ form, onProgress }: ProductUpload) =>
  (await adminProductsApi()).createProduct(form, onProgress),
);

/** Resolves with the product as now stored (the edit form's product in the admin slice becomes it). */
export const updateProduct = createAppAsyncThunk(
  'products/update',
  async ({ id, form, onProgress }: ProductUpload & { id: Id }) =>
    (await adminProductsApi()).updateProduct(id, form, onProgress),
);

/** DELETE /products/:id (the owner). */
export const deleteProduct = createAppAsyncThunk('products/delete', async (id: Id) =>
  (await adminProductsApi()).deleteProduct(id),
);

type ProductSheetFilters = import('../../api/admin/productSheet').ProductSheetFilters;

/**
 * Downloads the catalogue sheet of the products the list's filters pick (products-2026-11-26.csv) and resolves with
 * its name; the file goes to the browser's downloads, not to the store.
 */
export const exportProductSheet = createAppAsyncThunk('products/exportSheet', async (filters: ProductSheetFilters) => {
  const file = await (await import('../../api/admin/productSheet')).exportProductSheet(filters);
  const fileName = `products-${fileDate()}.csv`;
  saveFile(file, fileName);
  return fileName;
});
