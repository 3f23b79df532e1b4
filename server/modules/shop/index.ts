// The shop module's public face: its settings, for pricing orders and announcing them.
export { pricingSettings, shopSettings, type PricingSettings } from './settings';
export { readShopSettings } from './repository';
