// The catalogue module's public face (products, categories, subcategories, brands and the product sheet): other
// modules and server code import it here, never its files.
export {
  PRODUCT_COLUMNS,
  PRODUCT_REF_SQL,
  findProductForCart,
  lockProduct,
  productExists,
  type ProductForCartRow,
  type ProductRow,
} from './products/repository';
export { productJson, productRefJson } from './products/serialize';
export { refreshSearchIndex } from './products/searchIndex';
