/**
 * Card number rules for the form: the network from the leading digits, the grouping people read
 * (4-4-4-4; American Express 4-6-5; Diners 4-6-4), the length and the CVV's, the Luhn check, and
 * the expiry. The number never leaves the modal except in the payment request.
 */
export type CardNetwork =
  'visa' | 'mastercard' | 'amex' | 'diners' | 'rupay' | 'maestro' | 'unknown';

const NETWORK_PREFIXES: ReadonlyArray<[CardNetwork, RegExp]> = [
  ['amex', /^3[47]/],
  ['diners', /^3(0[0-5]|[689])/],
  ['rupay', /^(508[5-9]|60[6-8]|652[1-9]|653[01]|81[7-9]|820)/],
  ['mastercard', /^(5[1-5]|2(2[2-9]|[3-6]|7[01]|720))/],
  ['visa', /^4/],
  ['maestro', /^(5[06-9]|6)/],
];

/** Names merchants use in `config.display` instruments' `networks`, to the networks above. */
const NETWORK_NAMES: Readonly<Record<string, CardNetwork>> = {
  visa: 'visa',
  mastercard: 'mastercard',
  amex: 'amex',
  'american express': 'amex',
  diners: 'diners',
  'diners club': 'diners',
  dicl: 'diners',
  rupay: 'rupay',
  maestro: 'maestro',
};

export const NETWORK_LABELS: Readonly<Record<CardNetwork, string>> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  diners: 'Diners Club',
  rupay: 'RuPay',
  maestro: 'Maestro',
  unknown: 'Card',
};

export function digitsOf(text: string): string {
  return text.replace(/\D/g, '');
}

export function cardNetwork(number: string): CardNetwork {
  const digits = digitsOf(number);
  return NETWORK_PREFIXES.find(([, prefix]) => prefix.test(digits))?.[0] ?? 'unknown';
}

export function networkNamed(name: string): CardNetwork | null {
  return NETWORK_NAMES[name.trim().toLowerCase()] ?? null;
}

const GROUPS: Readonly<Partial<Record<CardNetwork, number[]>>> = {
  amex: [4, 6, 5],
  diners: [4, 6, 4],
};
const DEFAULT_GROUPS = [4, 4, 4, 4, 3];

export function maxCardLength(network: CardNetwork): number {
  return (GROUPS[network] ?? DEFAULT_GROUPS).reduce((sum, size) => sum + size, 0);
}

/** "4100280000001007" → "4100 2800 0000 1007"; extra digits past the network's length are dropped. */
export function groupCardNumber(text: string): string {
  const digits = digitsOf(text);
  const network = cardNetwork(digits);
  const kept = digits.slice(0, maxCardLength(network));
  const parts: string[] = [];
  let start = 0;
  for (const size of GROUPS[network] ?? DEFAULT_GROUPS) {
    if (start >= kept.length) break;
    parts.push(kept.slice(start, start + size));
    start += size;
  }
  return parts.join(' ');
}

/** Where the caret goes in the grouped text so that it stays after the same number of digits. */
export function caretAfterDigits(grouped: string, digitsBefore: number): number {
  if (digitsBefore <= 0) return 0;
  let seen = 0;
  for (let index = 0; index < grouped.length; index++) {
    if (/\d/.test(grouped[index])) seen++;
    if (seen === digitsBefore) return index + 1;
  }
  return grouped.length;
}

export function passesLuhn(number: string): boolean {
  const digits = digitsOf(number);
  if (digits.length < 12 || digits.length > 19) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index++) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

export function cvvLength(network: CardNetwork): number {
  return network === 'amex' ? 4 : 3;
}

/** "1230", "12/30", "12 / 2030" as typed or pasted → "12 / 30" (the field's own grouping). */
export function formatExpiry(text: string): string {
  const pasted = /^\s*(\d{1,2})\s*\/\s*(\d{4})\s*$/.exec(text);
  if (pasted) return `${pasted[1].padStart(2, '0')} / ${pasted[2].slice(2)}`;
  const digits = digitsOf(text).slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1) return `0${digits} / `;
  return digits.length <= 2 ? digits : `${digits.slice(0, 2)} / ${digits.slice(2)}`;
}

/** The expiry as the API takes it, or null when it is not a month and year of this century. */
export function parseExpiry(text: string): { month: number; year: number } | null {
  const match = /^\s*(\d{1,2})\s*\/?\s*(\d{2}|\d{4})\s*$/.exec(text);
  if (!match) return null;
  const month = Number(match[1]);
  const year = match[2].length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  return month >= 1 && month <= 12 ? { month, year } : null;
}

/** A card is good through the last day of its expiry month. */
export function hasExpired(expiry: { month: number; year: number }, now: Date): boolean {
  const current = now.getFullYear() * 12 + now.getMonth();
  return expiry.year * 12 + (expiry.month - 1) < current;
}
