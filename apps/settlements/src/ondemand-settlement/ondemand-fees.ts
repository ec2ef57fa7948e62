import { basisPointsOf } from '@platform/domain-kit';

/*
 * The on-demand (instant) settlement fee schedule, the platform's own (Razorpay does not publish
 * its rate). It reproduces Razorpay's documented example: ₹2,000 → fees ₹5.90 of which ₹0.90 GST.
 *
 * - The amount is paid out in credits of at most ₹5,00,000 each (the IMPS limit per credit).
 * - Each credit costs 0.25% of it (the commission), plus 18% GST on the commission, each rounded
 *   half up to the paisa. Its `fees` include the GST; `tax` is the GST part.
 * - The fees are taken out of the amount: the bank receives amount − fees.
 */
/** On-demand settlements are paid in rupees (IMPS). */
export const ONDEMAND_CURRENCY = 'INR';
export const ONDEMAND_FEE_BASIS_POINTS = 25;
export const GST_BASIS_POINTS = 1800;
/** ₹5,00,000: the most one credit carries. */
export const MAX_PAYOUT_AMOUNT = 50_000_000;
/** ₹1 and ₹5 crore: the smallest and largest amount one request may ask for. */
export const MIN_ONDEMAND_AMOUNT = 100;
export const MAX_ONDEMAND_AMOUNT = 5_000_000_000;

export interface PayoutTerms {
  amount: number;
  /** GST included. */
  fees: number;
  tax: number;
}

/** The fee of one credit of `amount`. */
export function payoutFee(amount: number): { fees: number; tax: number } {
  const commission = basisPointsOf(amount, ONDEMAND_FEE_BASIS_POINTS);
  const tax = basisPointsOf(commission, GST_BASIS_POINTS);
  return { fees: commission + tax, tax };
}

/** The credits an amount is paid in (full ones of ₹5,00,000 first, then the rest), each with its fee. */
export function payoutsFor(amount: number): PayoutTerms[] {
  const payouts: PayoutTerms[] = [];
  for (let left = amount; left > 0; left -= MAX_PAYOUT_AMOUNT) {
    const part = Math.min(left, MAX_PAYOUT_AMOUNT);
    payouts.push({ amount: part, ...payoutFee(part) });
  }
  return payouts;
}
