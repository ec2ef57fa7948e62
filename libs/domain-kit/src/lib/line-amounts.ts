/**
 * The amounts of a priced line (an invoice's or a bill's), in exact integer arithmetic. A tax rate is
 * held in basis points (18% = 1800); the API speaks percent (GST's slabs 0, 0.1, 0.25, 1, 1.5, 3, 5,
 * 12, 18, 28), converted once with `percentToBasisPoints`. Every rounding is half up, to the paisa.
 */
export interface PricedLine {
  unitAmount: number;
  quantity: number;
  /** null: untaxed. */
  taxRateBasisPoints: number | null;
  /** The unit amount already includes the tax (the tax is carved out of it). */
  taxInclusive: boolean;
}

export interface LineAmounts {
  /** unit amount × quantity, as written on the line. */
  grossAmount: number;
  /** What the tax is charged on. */
  taxableAmount: number;
  taxAmount: number;
  /** What the customer pays for the line: taxable + tax. */
  netAmount: number;
}

export type DocumentTotals = LineAmounts;

/** The GST slabs Razorpay accepts as an item's `tax_rate`, in percent. */
export const GST_RATES_PERCENT = [0, 0.1, 0.25, 1, 1.5, 3, 5, 12, 18, 28] as const;
export type GstRatePercent = (typeof GST_RATES_PERCENT)[number];

export function percentToBasisPoints(percent: number): number {
  return Math.round(percent * 100);
}

export function basisPointsToPercent(basisPoints: number): number {
  return basisPoints / 100;
}

/** `numerator / denominator`, rounded half up (both non-negative). */
function divideHalfUp(numerator: bigint, denominator: bigint): number {
  return Number((numerator * 2n + denominator) / (denominator * 2n));
}

export function lineAmounts(line: PricedLine): LineAmounts {
  const gross = BigInt(line.unitAmount) * BigInt(line.quantity);
  const rate = BigInt(line.taxRateBasisPoints ?? 0);
  if (line.taxInclusive) {
    const taxable = divideHalfUp(gross * 10000n, 10000n + rate);
    return {
      grossAmount: Number(gross),
      taxableAmount: taxable,
      taxAmount: Number(gross) - taxable,
      netAmount: Number(gross),
    };
  }
  const tax = divideHalfUp(gross * rate, 10000n);
  return {
    grossAmount: Number(gross),
    taxableAmount: Number(gross),
    taxAmount: tax,
    netAmount: Number(gross) + tax,
  };
}

/** The sums of the lines' amounts: a document's `gross_amount`, `taxable_amount`, `tax_amount` and `amount`. */
export function documentTotals(lines: readonly LineAmounts[]): DocumentTotals {
  const sum = (pick: (line: LineAmounts) => number) =>
    lines.reduce((total, line) => total + pick(line), 0);
  return {
    grossAmount: sum((l) => l.grossAmount),
    taxableAmount: sum((l) => l.taxableAmount),
    taxAmount: sum((l) => l.taxAmount),
    netAmount: sum((l) => l.netAmount),
  };
}
