// The addresses module's public face.
export { Address, ShippingAddressInput, shippingAddressOf, type ShippingAddress } from './schemas';
export { addressJson } from './serialize';
export type { AddressRow } from './repository';
