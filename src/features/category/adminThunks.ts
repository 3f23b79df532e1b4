// The owner's category writes: imported by admin pages only, so these thunks (and, through import(), their calls) stay in admin chunks.
import { createCatalogueThunks, type ImageUpload } from '../../app/catalogueThunks';

const categoryThunks = createCatalogueThunks('category', 'categories', (api, { form, onProgress }: ImageUpload) =>
  api.createCategory(form, onProgress),
);

/** POST /categories (the owner; multipart name + image); resolves once created. */
export const createCategory = categoryThunks.create;

/** PUT /categories/:id: a new name and/or image. */
export const updateCategory = categoryThunks.update;

/** DELETE /categories/:id (the owner). */
export const deleteCategory = categoryThunks.delete;
