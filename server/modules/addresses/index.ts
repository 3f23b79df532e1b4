// The addresses module's public face.
export { ShippingAddressInput, type ShippingAddress } from './schemas';
export { shippingAddressOf } from './service';
export { addressJson } from './serialize';
export type { AddressRow } from './repository';
