const SYMBOLS: Record<string, string> = { INR: '₹', USD: '$', EUR: '€', GBP: '£' };

/** Every currency the API accepts has two decimal places: amounts are paise (or cents). */
const MINOR_PER_MAJOR = 100;

/**
 * An amount in integer minor units as people read it: 123456 INR → "₹1,234.56". Integer arithmetic
 * only (a float division can print 0.29 as 0.28999…); rupees are grouped the Indian way.
 */
export function formatAmount(amount: number, currency = 'INR'): string {
  const magnitude = Math.abs(amount);
  const minor = magnitude % MINOR_PER_MAJOR;
  const major = (magnitude - minor) / MINOR_PER_MAJOR;
  const grouped = new Intl.NumberFormat(currency === 'INR' ? 'en-IN' : 'en-US').format(major);
  const symbol = SYMBOLS[currency] ?? `${currency} `;
  return `${amount < 0 ? '−' : ''}${symbol}${grouped}.${String(minor).padStart(2, '0')}`;
}

/**
 * Whole rupees for the chart's axis: the integer part only (a chart never needs the paise, and its
 * scale is drawn by Chart.js from these integers).
 */
export function wholeMajorUnits(amount: number): number {
  return (amount - (amount % MINOR_PER_MAJOR)) / MINOR_PER_MAJOR;
}

/** What a person types ("1,234.5", "12") as minor units, or null if it is not an amount. */
export function parseAmount(text: string): number | null {
  const match = /^\s*(\d{1,9})(?:\.(\d{1,2}))?\s*$/.exec(text.replace(/,/g, ''));
  if (!match) return null;
  return Number(match[1]) * MINOR_PER_MAJOR + Number((match[2] ?? '').padEnd(2, '0'));
}
