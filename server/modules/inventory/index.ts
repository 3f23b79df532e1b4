// The inventory module's public face: other modules import stock operations from here, never its repository.
export {
  lockProductsForOrder,
  lockProductsStock,
  takeStock,
  restock,
  stockOf,
  type OrderedProductRow,
  type StockCount,
} from './repository';
