// The cart module's public face: checkout reads and locks the cart, coupons tell it what changed, and the module
// list (server/modules/index.ts) hands cartsLoseProduct to the catalogue.
export { cartItems, cartsLoseCoupon, lockCart, lockCartForCheckout, setCartCoupon, setLinePrice } from './repository';
export { assertCanHold, assertOrderSize, cartTotals, cartsLoseProduct, linesTotal, type OrderLimits } from './service';
