import { addToCart } from '../../api/cart';
import type { Id } from '../../api/types';
import { createAppAsyncThunk } from '../../app/hooks';

/** POST /cart from the product page; the top bar's badge re-fetches the cart afterwards (SPEC §4). */
export const addedToCart = createAppAsyncThunk(
  'products/addToCart',
  ({ productId, color }: { productId: Id; color: string }) => addToCart(productId, color),
);
