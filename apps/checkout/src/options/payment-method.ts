/**
 * The methods the modal offers, in the order it lists them by default: the public API's
 * (libs/contracts' PAYMENT_METHODS, which the browser bundles do not load; payment-method.spec.ts
 * holds the two lists together).
 */
export const METHODS = ['card', 'upi', 'netbanking', 'wallet'] as const;
export type Method = (typeof METHODS)[number];

/** The method buttons' names (the accessible names tests and people find them by). */
export const METHOD_LABELS: Readonly<Record<Method, string>> = {
  card: 'Card',
  upi: 'UPI',
  netbanking: 'Netbanking',
  wallet: 'Wallet',
};

export function isMethod(value: unknown): value is Method {
  return typeof value === 'string' && (METHODS as readonly string[]).includes(value);
}
