import { NETBANKING_BANKS, WALLETS } from '@platform/contracts';
import { ValidationFailed } from '@platform/domain-kit';
import type { CardInput, InstrumentInput, InstrumentRecord } from '../acquirer/acquirer';
import type { CardDetails, PaymentError } from '../payment/payment.events';

/**
 * A test card with a decided outcome: Razorpay's current test cards (their numbers, networks and
 * errors as Razorpay lists them) and the platform's own older ones. Any other Luhn-valid number
 * pays successfully (network from its prefix).
 */
export interface TestCard {
  number: string;
  label: string;
  network: CardDetails['network'];
  type: CardDetails['type'];
  issuer: string | null;
  international: boolean;
  /** `declined`: the bank declines it with `error` once the customer has answered its OTP page. */
  outcome: 'success' | 'declined' | 'disputed';
  error?: PaymentError;
  /** Razorpay lists it for EMI payments: the card entity says `emi`. */
  emi?: boolean;
}

/** The bank declined the card (the platform's own declining card, 4000000000000002). */
export const DECLINED: PaymentError = {
  code: 'BAD_REQUEST_ERROR',
  description:
    'Your payment has been declined by your bank. Try another card or contact your bank.',
  source: 'bank',
  step: 'payment_authorization',
  reason: 'payment_declined',
};

/** Razorpay's test-card errors, each with its reason and description as Razorpay lists them. */
const cardError = (
  reason: string,
  description: string,
  source: string,
  step: 'payment_authentication' | 'payment_authorization',
  code = 'BAD_REQUEST_ERROR',
): PaymentError => ({ code, description, source, step, reason });

export const CARD_ERRORS = {
  paymentTimedOut: cardError(
    'payment_timed_out',
    'Your payment could not be completed due to a temporary issue. Try again later.',
    'customer',
    'payment_authentication',
  ),
  insufficientFund: cardError(
    'insufficient_fund',
    'Your payment could not be completed due to insufficient account balance. Try another card or payment method.',
    'customer',
    'payment_authorization',
  ),
  paymentCancelled: cardError(
    'payment_cancelled',
    'Your payment has been cancelled. Try again or complete the payment later.',
    'customer',
    'payment_authentication',
  ),
  cardDeclined: cardError(
    'card_declined',
    'Your payment did not go through as it was declined by the bank. Try another payment method or contact your bank.',
    'issuer_bank',
    'payment_authorization',
  ),
  cardDisabledForOnlinePayments: cardError(
    'card_disabled_for_online_payments',
    'Your card is disabled for online payments.\nPlease reach to your bank or try with another card.',
    'issuer_bank',
    'payment_authorization',
  ),
  cardNumberInvalid: cardError(
    'card_number_invalid',
    'You have entered an incorrect card number. Try again.',
    'customer',
    'payment_authorization',
  ),
  gatewayTechnicalError: cardError(
    'gateway_technical_error',
    'Your payment did not go through due to a temporary issue. Any debited amount will be refunded in 4-5 business days.',
    'gateway',
    'payment_authorization',
    'GATEWAY_ERROR',
  ),
  authenticationFailed: cardError(
    'authentication_failed',
    'Your payment could not be completed due to incorrect OTP or verification details. Try another payment method or contact your bank for details.',
    'issuer_bank',
    'payment_authentication',
    'GATEWAY_ERROR',
  ),
} as const;

type Card = Omit<TestCard, 'label'> & { label?: string };

const visa = (number: string, rest: Partial<Card> = {}): Card => ({
  number,
  network: 'Visa',
  type: 'credit',
  issuer: null,
  international: false,
  outcome: 'success',
  ...rest,
});
const mastercard = (number: string, rest: Partial<Card> = {}): Card =>
  visa(number, { network: 'MasterCard', ...rest });

/** Razorpay's error cards: a Visa and its Mastercard twin for each error. */
const ERROR_CARDS: readonly [string, string, PaymentError][] = [
  ['4100280000090000', '5305620000060000', CARD_ERRORS.paymentTimedOut],
  ['4100280000080001', '5305620000050001', CARD_ERRORS.insufficientFund],
  ['4100280000070002', '5305620000040002', CARD_ERRORS.paymentCancelled],
  ['4100280000060003', '5305620000030003', CARD_ERRORS.cardDeclined],
  ['4100280000050004', '5305620000020004', CARD_ERRORS.cardDeclined],
  ['4100280000040005', '5305620000010005', CARD_ERRORS.cardDeclined],
  ['4100280000030006', '5305620000000006', CARD_ERRORS.cardDisabledForOnlinePayments],
  ['4100280000010008', '5305620000080008', CARD_ERRORS.cardNumberInvalid],
  ['4100280000020007', '5305620000090007', CARD_ERRORS.gatewayTechnicalError],
  ['4100280000000009', '5305620000070009', CARD_ERRORS.authenticationFailed],
];

const CARDS: readonly Card[] = [
  visa('4111111111111111', { issuer: 'HDFC', label: 'Visa credit (HDFC), succeeds' }),
  mastercard('5267318187975449', {
    type: 'debit',
    issuer: 'ICIC',
    label: 'MasterCard debit (ICICI), succeeds',
  }),
  visa('6521000000000007', {
    network: 'RuPay',
    type: 'debit',
    issuer: 'SBIN',
    label: 'RuPay debit (SBI), succeeds',
  }),
  visa('378282246310005', {
    network: 'American Express',
    label: 'American Express credit, succeeds (4-digit CVV)',
  }),
  visa('4012888888881881', {
    international: true,
    label: 'Visa credit issued abroad (international), succeeds',
  }),
  visa('4000000000000002', {
    issuer: 'HDFC',
    outcome: 'declined',
    error: DECLINED,
    label: 'Visa credit, declined by the bank',
  }),
  visa('4000000000000259', {
    issuer: 'HDFC',
    outcome: 'disputed',
    label: 'Visa credit, succeeds; the payment is disputed after capture',
  }),
  visa('4100280000001007', { label: 'Visa, Indian, succeeds' }),
  mastercard('5500670000001002', { label: 'Mastercard, Indian, succeeds' }),
  visa('6527658900001005', { network: 'RuPay', label: 'RuPay, Indian, succeeds' }),
  visa('36082800091007', { network: 'Diners Club', label: 'Diners Club, Indian, succeeds' }),
  visa('340256000401007', {
    network: 'American Express',
    label: 'American Express, Indian, succeeds (4-digit CVV)',
  }),
  mastercard('5555555555554444', { international: true, label: 'Mastercard, international' }),
  mastercard('5105105105105100', { international: true, label: 'Mastercard, international' }),
  mastercard('5104060000000008', {
    type: 'debit',
    international: true,
    label: 'Mastercard debit, international (subscriptions)',
  }),
  visa('4718609108204366', { label: 'Visa credit, Indian (subscriptions)' }),
  mastercard('5104015555555558', {
    international: true,
    label: 'Mastercard credit, international (subscriptions)',
  }),
  mastercard('5241810000000000', { emi: true, label: 'Mastercard (EMI)' }),
  ...ERROR_CARDS.flatMap(([visaNumber, mastercardNumber, error]) =>
    [visa(visaNumber), mastercard(mastercardNumber)].map((card) => ({
      ...card,
      outcome: 'declined' as const,
      error,
      label: `${card.network}, ${error.reason} once the OTP is answered`,
    })),
  ),
];

/** Documented in the OpenAPI description of POST /v1/simulator/payments (and docs/api-guide.md). */
export const TEST_CARDS: readonly TestCard[] = CARDS.map((card) => ({
  ...card,
  label: card.label ?? card.number,
}));

export const SUCCESS_VPA = 'success@razorpay';
export const FAILURE_VPA = 'failure@razorpay';

/** What the test bank decides about the instrument: what the payment records of it, and the outcome. */
export type CheckoutOutcome = InstrumentRecord & {
  /** null: authorized. */
  error: PaymentError | null;
};

export const UPI_FAILED: PaymentError = {
  code: 'BAD_REQUEST_ERROR',
  description: 'The UPI payment failed: the customer did not approve it in their UPI app.',
  source: 'customer',
  step: 'payment_authorization',
  reason: 'payment_failed',
};

/** The outcome of paying with this instrument at `now` (ms, the account's clock); bad instruments throw. */
export function checkoutOutcome(input: InstrumentInput, now: number): CheckoutOutcome {
  const none = {
    card: null,
    bank: null,
    wallet: null,
    vpa: null,
    international: false,
    disputeAfterCapture: false,
    error: null,
  };
  switch (input.method) {
    case 'card':
      return cardOutcome(required(input.card, 'card', 'card'), now);
    case 'upi': {
      const vpa = required(input.vpa, 'vpa', 'upi').toLowerCase();
      if (!/^[a-z0-9._-]{2,64}@[a-z][a-z0-9]{1,64}$/.test(vpa))
        throw new ValidationFailed('The vpa is not a valid UPI address (name@bank).', 'vpa');
      return { ...none, vpa, error: vpa === FAILURE_VPA ? UPI_FAILED : null };
    }
    case 'netbanking': {
      const bank = required(input.bank, 'bank', 'netbanking').toUpperCase();
      if (!(NETBANKING_BANKS as readonly string[]).includes(bank))
        throw new ValidationFailed(
          `The bank must be one of ${NETBANKING_BANKS.join(', ')}.`,
          'bank',
        );
      return { ...none, bank };
    }
    case 'wallet': {
      const wallet = required(input.wallet, 'wallet', 'wallet').toLowerCase();
      if (!(WALLETS as readonly string[]).includes(wallet))
        throw new ValidationFailed(`The wallet must be one of ${WALLETS.join(', ')}.`, 'wallet');
      return { ...none, wallet };
    }
  }
}

function required<T>(value: T | undefined, field: string, method: string): T {
  if (value === undefined || value === null)
    throw new ValidationFailed(`The ${field} field is required when method is ${method}.`, field);
  return value;
}

function cardOutcome(input: CardInput, now: number): CheckoutOutcome {
  const number = input.number.replace(/ /g, '');
  const known = TEST_CARDS.find((card) => card.number === number);
  // Razorpay's listed numbers are taken as listed; only other numbers must pass the Luhn check.
  if (!known && (!/^\d{12,19}$/.test(number) || !passesLuhn(number)))
    throw new ValidationFailed('The card number is invalid.', 'card.number');
  const network = known?.network ?? networkOf(number);
  if (!/^\d+$/.test(input.cvv) || input.cvv.length !== (network === 'American Express' ? 4 : 3)) {
    throw new ValidationFailed(
      `The card cvv must be ${network === 'American Express' ? 4 : 3} digits.`,
      'card.cvv',
    );
  }
  if (isExpired(input.expiry_month, input.expiry_year, now))
    throw new ValidationFailed('The card has expired.', 'card.expiry_year');
  const international = known?.international ?? false;
  const card = {
    name: input.name ?? null,
    last4: number.slice(-4),
    network,
    type: known?.type ?? 'credit',
    issuer: known?.issuer ?? null,
    international,
    emi: known?.emi ?? (known?.type ?? 'credit') === 'credit',
    subType: 'customer' as const,
  };
  return {
    card,
    bank: null,
    wallet: null,
    vpa: null,
    international,
    disputeAfterCapture: known?.outcome === 'disputed',
    error: known?.outcome === 'declined' ? (known.error ?? DECLINED) : null,
  };
}

export function passesLuhn(digits: string): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) digit = digit * 2 > 9 ? digit * 2 - 9 : digit * 2;
    sum += digit;
  }
  return sum % 10 === 0;
}

/** By IIN prefix, as networks publish them. */
export function networkOf(number: string): CardDetails['network'] {
  if (/^3[47]/.test(number)) return 'American Express';
  if (/^(36|38|30[0-5])/.test(number)) return 'Diners Club';
  if (/^(508|60|65|81|82)/.test(number)) return 'RuPay';
  if (/^(5[1-5]|222[1-9]|22[3-9]\d|2[3-6]\d\d|27[01]\d|2720)/.test(number)) return 'MasterCard';
  if (/^(50|5[6-9]|6[37])/.test(number)) return 'Maestro';
  if (/^4/.test(number)) return 'Visa';
  return 'Unknown';
}

/** A card is valid through the last day of its expiry month; two-digit years are 20xx. */
function isExpired(month: number, year: number, now: number): boolean {
  const fullYear = year < 100 ? 2000 + year : year;
  const today = new Date(now);
  return (
    fullYear < today.getUTCFullYear() ||
    (fullYear === today.getUTCFullYear() && month < today.getUTCMonth() + 1)
  );
}
