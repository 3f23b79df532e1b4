// The cart module's public face: checkout reads and locks the cart, products and coupons tell it what changed.
export {
  cartItems,
  lockCarts,
  cartsHoldingProduct,
  cartsLoseCoupon,
  lockCart,
  lockCartForCheckout,
  setCartCoupon,
  setLinePrice,
} from './repository';
export { assertCanHold, assertOrderSize, cartTotals, linesTotal, settleCart, type OrderLimits } from './service';
