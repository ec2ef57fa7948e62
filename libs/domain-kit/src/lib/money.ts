/** An amount in the currency's smallest unit (paise for INR). Never a float. */
export interface Money {
  amount: number;
  currency: string;
}

export function isMinorUnits(amount: unknown): amount is number {
  return typeof amount === 'number' && Number.isSafeInteger(amount);
}

/** `amount × basisPoints / 10000` (2% = 200), rounded half up to the smallest unit, in exact integer arithmetic. */
export function basisPointsOf(amount: number, basisPoints: number): number {
  return Number((BigInt(amount) * BigInt(basisPoints) + 5000n) / 10000n);
}
