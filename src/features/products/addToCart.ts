import { addToCart } from '../../api/cart';
import { toApiError } from '../../api/client';
import type { Id } from '../../api/types';
import { createAppAsyncThunk } from '../../app/hooks';

/** POST /cart from the product page; the top bar's badge re-fetches the cart afterwards (SPEC §4). */
export const addedToCart = createAppAsyncThunk(
  'products/addToCart',
  async ({ productId, color }: { productId: Id; color: string }, { rejectWithValue }) => {
    try {
      return await addToCart(productId, color);
    } catch (err) {
      return rejectWithValue(toApiError(err));
    }
  },
);
