// The products module's public face: other modules import from here, never its repository or routes.
export {
  CATALOGUE_TABLES,
  PRODUCT_COLUMNS,
  PRODUCT_REF_SQL,
  categoryHasProducts,
  findProductForCart,
  lockProduct,
  productExists,
  removeSubcategoryFromProducts,
  type ProductForCartRow,
  type ProductRow,
} from './repository';
export { withProductCounts } from './productCounts';
export { productJson, productRefJson } from './serialize';
export { refreshSearchIndex } from './searchIndex';
