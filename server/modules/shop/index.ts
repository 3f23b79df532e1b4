// The shop module's public face: its settings, for pricing orders and announcing them.
export { keptShopSettings, pricingSettings, shopSettings, type PricingSettings } from './service';
