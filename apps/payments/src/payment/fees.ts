import { basisPointsOf } from '@platform/domain-kit';

/** The platform's fee: 2% of the amount, plus 18% GST on that fee. */
export const FEE_BASIS_POINTS = 200;
export const GST_BASIS_POINTS = 1800;

/**
 * The fee of a captured payment in minor units. As on Razorpay, `fee` includes GST and `tax` is the
 * GST part: commission = round(2% × amount), tax = round(18% × commission), fee = commission + tax.
 * Each rounding is half up, to the paisa. Example: 50000 → commission 1000, tax 180, fee 1180.
 */
export function feeFor(amount: number): { fee: number; tax: number } {
  const commission = basisPointsOf(amount, FEE_BASIS_POINTS);
  const tax = basisPointsOf(commission, GST_BASIS_POINTS);
  return { fee: commission + tax, tax };
}
