// The catalogue module's public face (products, categories, subcategories, brands and the product sheet): other
// modules and server code import it here, never its files. It imports neither the cart, nor reviews, nor orders,
// which depend on it: what the product routes need of them comes in as ProductNeighbours.
export { brandRoutes } from './brands/routes';
export { categoryRoutes } from './categories/routes';
export { subcategoryRoutes } from './subcategories/routes';
export { productRoutes } from './products/routes';
export type { ProductNeighbours } from './products/neighbours';
export { catalogueRoutes } from './sheet/catalogueRoutes';
export {
  PRODUCT_COLUMNS,
  PRODUCT_REF_SQL,
  findProductForCart,
  findVariantOf,
  type StoredVariantRow,
  type StoredOption,
  lockProduct,
  productExists,
  type ProductForCartRow,
  type ProductRow,
} from './products/repository';
export { productJson, productRefJson, variantRefJson } from './products/serialize';
export { colourOption, optionTerms, variantPrices } from './products/variants';
export { refreshSearchIndex } from './products/service';
