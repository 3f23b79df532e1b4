// The inventory module's public face: other modules import stock operations from here, never its repository.
export {
  lockProductsForOrder,
  lockProductsStock,
  takeStock,
  restock,
  stockShortfall,
  variantsForOrder,
  implicitVariantIds,
  stockOf,
  heldByUnpaidCash,
  type OrderedProductRow,
  type OrderedVariantRow,
  type StockCount,
} from './repository';
