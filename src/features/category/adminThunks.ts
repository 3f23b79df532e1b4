// The owner's category writes: imported by admin pages only, so these thunks (and, through import(), their calls) stay in admin chunks.
import { createAppAsyncThunk } from '../../app/hooks';

type UploadProgress = import('../../api/admin/uploadProgress').UploadProgress;

/** POST /categories (the owner; multipart name + image); resolves with the HTTP status (201 = created). */
export const createdCategory = createAppAsyncThunk('category/create', async ({ form, onProgress }: { form: FormData; onProgress?: UploadProgress }) =>
  (await import('../../api/admin/catalog')).createCategory(form, onProgress),
);
