/** An amount in the currency's smallest unit (paise for INR). Never a float. */
export interface Money {
  amount: number;
  currency: string;
}

export function isMinorUnits(amount: unknown): amount is number {
  return typeof amount === 'number' && Number.isSafeInteger(amount);
}
