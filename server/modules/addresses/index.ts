// The addresses module's public face.
export { Address } from './routes';
export { addressJson } from './serialize';
export type { AddressRow } from './repository';
