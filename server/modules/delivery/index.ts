// The delivery module's public face: where an address is, and what delivering an order there costs.
export {
  assertCashAllowed,
  deliveryTo,
  governorateOf,
  knownGovernorate,
  PLACE_ERRORS,
  orderCharges,
  type Delivery,
  type OrderCharges,
} from './service';
export { GOVERNORATE_CODE } from './schemas';
