// Shown by the home strip and the all-brands page when the shop has no brand.
export const NO_BRANDS_TEXT = 'لا يوجد ماركات';
