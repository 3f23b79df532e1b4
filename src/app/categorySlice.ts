import { getCategory, listCategories } from '../api/categories';
import type { Category } from '../api/types';
import { createCatalogueSlice } from './catalogueSlice';
import type { RootState } from './store';

const categories = createCatalogueSlice<Category>('category', {
  kind: 'categories',
  // /allcategory (SPEC §9).
  pageSize: 6,
  list: listCategories,
  getOne: getCategory,
});

/** Loads all categories once per session; later calls are skipped while loading or loaded, unless `force` (the owner's forms). */
export const fetchCategories = categories.fetchAll;
/** One page of /allcategory. */
export const fetchCategoryPage = categories.fetchPage;
/** One category by id (the heading of /products/category/:id when the list does not hold it). */
export const fetchCategory = categories.fetchOne;
/** One page of the owner's category list (/admin/allcategories), with product counts. */
export const fetchCategoryCatalogue = categories.fetchCatalogue;

export const categoryCatalogueClosed = categories.catalogueListClosed;
export default categories.reducer;

export const selectCategories = (state: RootState) => state.category.items;
export const selectCategoriesStatus = (state: RootState) => state.category.status;
export const selectCategoryPage = (state: RootState) => state.category.page;
export const selectCategoryLookup = (state: RootState) => state.category.lookup;
export const selectCategoryCatalogue = (state: RootState) => state.category.catalogue;
