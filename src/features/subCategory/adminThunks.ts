// The owner's subcategory writes: imported by admin pages only, so these thunks (and, through import(), their calls) stay in admin chunks.
import { createAppAsyncThunk } from '../../app/hooks';
import type { Id } from '../../api/types';
import { catalogApi } from './subCategorySlice';

/** Resolves with the HTTP status (201 = created; a duplicate name rejects with 400). */
export const createdSubcategory = createAppAsyncThunk('subCategory/create', async (body: { name: string; category: Id }) =>
  (await catalogApi()).createSubcategory(body),
);
