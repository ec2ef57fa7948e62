/**
 * Amounts travel as integer minor units (paise, cents) and are only ever turned into text here,
 * with integer arithmetic: a float division can print 0.29 as 0.28999….
 */

interface CurrencyRules {
  symbol: string;
  /** The smallest amount a payment may take, in minor units. */
  minimum: number;
  /** What the minor unit is called, as the option's error message says it. */
  minorUnit: string;
}

/**
 * The currencies the platform accepts (libs/http's SUPPORTED_CURRENCIES, checked by money.spec.ts);
 * every one has two decimal places. Minimums and unit names are Razorpay's checkout's.
 */
export const CURRENCIES: Readonly<Record<string, CurrencyRules>> = {
  INR: { symbol: '₹', minimum: 100, minorUnit: 'paise' },
  USD: { symbol: '$', minimum: 50, minorUnit: 'cent' },
  EUR: { symbol: '€', minimum: 50, minorUnit: 'cent' },
  GBP: { symbol: '£', minimum: 30, minorUnit: 'pence' },
  SGD: { symbol: 'S$', minimum: 50, minorUnit: 'cent' },
  AED: { symbol: 'د.إ', minimum: 10, minorUnit: 'fil' },
  AUD: { symbol: 'A$', minimum: 50, minorUnit: 'cent' },
  CAD: { symbol: 'C$', minimum: 50, minorUnit: 'cent' },
};

const MINOR_PER_MAJOR = 100;

export function isSupportedCurrency(currency: string): boolean {
  return Object.hasOwn(CURRENCIES, currency);
}

function symbolOf(currency: string): string {
  return isSupportedCurrency(currency) ? CURRENCIES[currency].symbol : `${currency} `;
}

/** Whole units grouped for reading: the Indian way (1,00,000) for rupees, by thousands otherwise. */
function groupMajor(major: number, currency: string): string {
  const digits = String(major);
  if (currency !== 'INR' || digits.length <= 3) return digits.replace(/\B(?=(\d{3})+$)/g, ',');
  const head = digits.slice(0, -3).replace(/\B(?=(\d{2})+$)/g, ',');
  return `${head},${digits.slice(-3)}`;
}

function splitMinor(amount: number): { major: number; minor: string } {
  const magnitude = Math.abs(amount);
  const minor = magnitude % MINOR_PER_MAJOR;
  return {
    major: (magnitude - minor) / MINOR_PER_MAJOR,
    minor: String(minor).padStart(2, '0'),
  };
}

/** 50000 INR → "₹500.00"; 10000000 INR → "₹1,00,000.00" (what the modal and the pay button show). */
export function formatAmount(amount: number, currency: string): string {
  const { major, minor } = splitMinor(amount);
  return `${amount < 0 ? '−' : ''}${symbolOf(currency)}${groupMajor(major, currency)}.${minor}`;
}

/** An amount in major units for an input's value: 50000 → "500.00" (no symbol, no grouping). */
export function toMajorText(amount: number): string {
  const { major, minor } = splitMinor(amount);
  return `${major}.${minor}`;
}

/**
 * How Razorpay's option messages write an amount: the symbol, a space, the amount without a ".00"
 * (100 INR → "₹ 1", 50 USD → "$ 0.50").
 */
function formatForMessage(amount: number, currency: string): string {
  const { major, minor } = splitMinor(amount);
  const text =
    minor === '00' ? groupMajor(major, currency) : `${groupMajor(major, currency)}.${minor}`;
  return `${CURRENCIES[currency]?.symbol ?? currency} ${text}`;
}

/**
 * Razorpay's rule for the `amount` option: digits only (an integer in minor units), at least the
 * currency's minimum. Answers the message's text, or null when the amount is valid.
 */
export function amountProblem(amount: unknown, currency: string): string | null {
  const rules = CURRENCIES[currency] ?? CURRENCIES['INR'];
  const text = String(amount);
  if (!/[^0-9]/.test(text) && text !== '' && Number(text) >= rules.minimum) return null;
  const unit = ` ${rules.minorUnit}`;
  return `should be passed in integer${unit}. Minimum value is ${rules.minimum}${unit}, i.e. ${formatForMessage(rules.minimum, currency)}`;
}

/**
 * What a person types ("1,234.5", "12", "₹ 500.00") as integer minor units, or null if it is not an
 * amount. The text is split at the decimal point and each part read as an integer: no float.
 */
export function parseAmount(text: string): number | null {
  const cleaned = text.replace(/[,\s]/g, '').replace(/^[^\d.-]+/, '');
  const match = /^(\d{1,13})(?:\.(\d{0,2}))?$/.exec(cleaned) ?? /^()\.(\d{1,2})$/.exec(cleaned);
  if (!match) return null;
  const major = match[1] === '' ? 0 : Number(match[1]);
  return major * MINOR_PER_MAJOR + Number((match[2] ?? '').padEnd(2, '0'));
}
