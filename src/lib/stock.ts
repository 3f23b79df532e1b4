import { piecesLabel } from './plural';

/** What a shopper sees for a product with nothing left: on its card, its page and its add-to-cart button. */
export const OUT_OF_STOCK_TEXT = 'نفذت الكمية';
/** From this many pieces down, the product page says how few remain. */
const LOW_STOCK = 5;

export const isOutOfStock = (quantity: number | undefined) => quantity !== undefined && quantity <= 0;

/** 'متبقي 3 قطع فقط' when 1 to LOW_STOCK pieces remain, else null. */
export function lowStockText(quantity: number | undefined): string | null {
  return quantity !== undefined && quantity > 0 && quantity <= LOW_STOCK ? `متبقي ${piecesLabel(quantity)} فقط` : null;
}

/** A cart line whose variant the owner removed (ours): it cannot be bought any more. */
export const VARIANT_UNAVAILABLE_TEXT = 'هذا الاختيار لم يعد متاحا، احذفه من العربة لاتمام الشراء';

/** A cart line that asks for more than is left: 'متوفر قطعتان فقط', or OUT_OF_STOCK_TEXT when none is left. */
export function availableOnlyText(quantity: number): string {
  return quantity <= 0 ? OUT_OF_STOCK_TEXT : `متوفر ${piecesLabel(quantity)} فقط`;
}
