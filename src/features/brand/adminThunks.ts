// The owner's brand writes: imported by admin pages only, so these thunks (and, through import(), their calls) stay in admin chunks.
import { createCatalogueThunks, type ImageUpload } from '../../app/catalogueThunks';

const brandThunks = createCatalogueThunks('brand', 'brands', (api, { form, onProgress }: ImageUpload) =>
  api.createBrand(form, onProgress),
);

/** POST /brands (the owner; multipart name + image); resolves once created. */
export const createBrand = brandThunks.create;

/** PUT /brands/:id: a new name and/or image. */
export const updateBrand = brandThunks.update;

/** DELETE /brands/:id (the owner). */
export const deleteBrand = brandThunks.delete;
