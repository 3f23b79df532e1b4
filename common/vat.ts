/**
 * The VAT already included in a price that includes it (Egyptian prices are quoted with VAT): total × rate / (100 +
 * rate), in piastres, halves rounded up; worked in hundredths of a percent so it stays in exact integers. The server
 * records an order's `taxPrice` this way; the pay page shows the same figure for a cash total before the order exists.
 */
export function includedVat(totalPiastres: number, ratePercent: number): number {
  const basisPoints = Math.round(ratePercent * 100);
  if (basisPoints <= 0) return 0;
  const divisor = 10_000 + basisPoints;
  return Math.floor((totalPiastres * basisPoints * 2 + divisor) / (2 * divisor));
}
