import { randomInt } from 'node:crypto';

/**
 * The merchant's bank, as far as this platform can see it: every transfer is credited, with a UTR
 * (unique transaction reference) the bank gives, unless test mode's `bank_transfers_fail` says the
 * bank refuses. No real bank is wired in; live mode's transfers are credited the same way.
 */
const UTR_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz';

/** A 16-character reference like Razorpay's (`1597813219e1pq6w`). */
export function newUtr(): string {
  return Array.from({ length: 16 }, () => UTR_ALPHABET[randomInt(UTR_ALPHABET.length)]).join('');
}

export const BANK_REFUSED =
  'The merchant’s bank refused the transfer (test mode: bank_transfers_fail is on).';

/** Does the merchant's bank refuse transfers in this mode? */
export const bankRefuses = (
  settings: { bankTransfersFail: boolean },
  mode: 'test' | 'live',
): boolean => mode === 'test' && settings.bankTransfersFail;
