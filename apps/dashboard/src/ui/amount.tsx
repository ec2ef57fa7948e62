import { formatAmount } from '../money/money';

/** An amount in minor units, formatted with integer arithmetic. */
export function Amount({ value, currency = 'INR' }: { value: number; currency?: string }) {
  return <span class="amount">{formatAmount(value, currency)}</span>;
}
