// The owner's subcategory writes: imported by admin pages only, so these thunks (and, through import(), their calls) stay in admin chunks.
import { createCatalogueThunks } from '../../app/catalogueThunks';
import type { Id } from '../../api/types';

const subcategoryThunks = createCatalogueThunks(
  'subCategory',
  'subcategories',
  (api, body: { name: string; category: Id }) => api.createSubcategory(body),
);

/** Resolves once created; a duplicate name rejects with 400. */
export const createSubcategory = subcategoryThunks.create;

/** PUT /subcategories/:id: a new name. */
export const updateSubcategory = subcategoryThunks.update;

/** DELETE /subcategories/:id (the owner). */
export const deleteSubcategory = subcategoryThunks.delete;
