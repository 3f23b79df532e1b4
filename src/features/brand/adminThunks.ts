// The owner's brand writes: imported by admin pages only, so these thunks (and, through import(), their calls) stay in admin chunks.
import { createAppAsyncThunk } from '../../app/hooks';

type UploadProgress = import('../../api/admin/uploadProgress').UploadProgress;

/** POST /brands (the owner; multipart name + image); resolves with the HTTP status (201 = created). */
export const createdBrand = createAppAsyncThunk('brand/create', async ({ form, onProgress }: { form: FormData; onProgress?: UploadProgress }) =>
  (await import('../../api/admin/catalog')).createBrand(form, onProgress),
);
