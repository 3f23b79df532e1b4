import { getBrand, listBrands } from '../api/brands';
import type { Brand } from '../api/types';
import { createCatalogueSlice } from './catalogueSlice';
import type { RootState } from './store';

const brands = createCatalogueSlice<Brand>('brand', {
  kind: 'brands',
  // /allbrand (SPEC §9).
  pageSize: 4,
  list: listBrands,
  getOne: getBrand,
});

/** Loads all brands once per session; later calls are skipped while loading or loaded, unless `force` (the owner's forms). */
export const fetchBrands = brands.fetchAll;
/** One page of /allbrand. */
export const fetchBrandPage = brands.fetchPage;
/** One brand by id (the heading of /products/brand/:id when the list does not hold it). */
export const fetchBrand = brands.fetchOne;
/** One page of the owner's brand list (/admin/allbrands), with product counts. */
export const fetchBrandCatalogue = brands.fetchCatalogue;

export const brandCatalogueClosed = brands.catalogueListClosed;
export default brands.reducer;

export const selectBrands = (state: RootState) => state.brand.items;
export const selectBrandsStatus = (state: RootState) => state.brand.status;
export const selectBrandPage = (state: RootState) => state.brand.page;
export const selectBrandLookup = (state: RootState) => state.brand.lookup;
export const selectBrandCatalogue = (state: RootState) => state.brand.catalogue;
