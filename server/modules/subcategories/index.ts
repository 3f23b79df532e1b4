// The subcategories module's public face: categories serve a category's own subcategories with these.
export {
  NewSubcategoryOfCategory,
  SUBCATEGORY_LIST,
  SubcategoryListQuery,
  createChecks,
  createSubcategory,
  listSubcategories,
  subcategoryAnswers,
} from './routes';
export { findSubcategoryCategories, subcategoryIdsInCategory } from './repository';
