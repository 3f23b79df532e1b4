// The inventory module's public face: other modules import stock operations from here, never its repository.
export {
  lockProductsForOrder,
  lockProductsStock,
  takeStock,
  restock,
  stockShortfall,
  stockOf,
  heldByUnpaidCash,
  type OrderedProductRow,
  type StockCount,
} from './repository';
