// The subcategories module's public face: categories serve a category's own subcategories with these.
export { SUBCATEGORY_LIST, findSubcategoryCategories, subcategoryIdsInCategory } from './repository';
export { pathCategoryWins, subcategoryAnswers } from './routes';
export { NewSubcategoryOfCategory } from './schemas';
export { createSubcategory, listSubcategories } from './service';
