import { NETBANKING_BANKS, WALLETS } from '@platform/contracts';
import { ValidationFailed } from '@platform/domain-kit';
import type { CardDetails, PaymentError, PaymentMethod } from '../payment/payment.events';

/** A test card with a decided outcome. Any other Luhn-valid number pays successfully (network from its prefix). */
export interface TestCard {
  number: string;
  label: string;
  network: CardDetails['network'];
  type: CardDetails['type'];
  issuer: string | null;
  international: boolean;
  outcome: 'success' | 'declined' | 'disputed';
}

/** Documented in the OpenAPI description of POST /v1/simulator/payments (and docs/api-guide.md). */
export const TEST_CARDS: readonly TestCard[] = [
  {
    number: '4111111111111111',
    label: 'Visa credit (HDFC), succeeds',
    network: 'Visa',
    type: 'credit',
    issuer: 'HDFC',
    international: false,
    outcome: 'success',
  },
  {
    number: '5267318187975449',
    label: 'MasterCard debit (ICICI), succeeds',
    network: 'MasterCard',
    type: 'debit',
    issuer: 'ICIC',
    international: false,
    outcome: 'success',
  },
  {
    number: '6521000000000007',
    label: 'RuPay debit (SBI), succeeds',
    network: 'RuPay',
    type: 'debit',
    issuer: 'SBIN',
    international: false,
    outcome: 'success',
  },
  {
    number: '378282246310005',
    label: 'American Express credit, succeeds (4-digit CVV)',
    network: 'American Express',
    type: 'credit',
    issuer: null,
    international: false,
    outcome: 'success',
  },
  {
    number: '4012888888881881',
    label: 'Visa credit issued abroad (international), succeeds',
    network: 'Visa',
    type: 'credit',
    issuer: null,
    international: true,
    outcome: 'success',
  },
  {
    number: '4000000000000002',
    label: 'Visa credit, declined by the bank',
    network: 'Visa',
    type: 'credit',
    issuer: 'HDFC',
    international: false,
    outcome: 'declined',
  },
  {
    number: '4000000000000259',
    label: 'Visa credit, succeeds; the payment is disputed after capture',
    network: 'Visa',
    type: 'credit',
    issuer: 'HDFC',
    international: false,
    outcome: 'disputed',
  },
];

export const SUCCESS_VPA = 'success@razorpay';
export const FAILURE_VPA = 'failure@razorpay';

export interface CardInput {
  number: string;
  name?: string | null;
  expiry_month: number;
  expiry_year: number;
  cvv: string;
}

export interface InstrumentInput {
  method: PaymentMethod;
  card?: CardInput;
  vpa?: string;
  bank?: string;
  wallet?: string;
}

/** What checkout decides about the instrument: the stored details (never the number or CVV) and the outcome. */
export interface CheckoutOutcome {
  card: Omit<CardDetails, 'id'> | null;
  bank: string | null;
  wallet: string | null;
  vpa: string | null;
  international: boolean;
  disputeAfterCapture: boolean;
  /** null: authorized. */
  error: PaymentError | null;
}

export const DECLINED: PaymentError = {
  code: 'BAD_REQUEST_ERROR',
  description:
    'Your payment has been declined by your bank. Try another card or contact your bank.',
  source: 'bank',
  step: 'payment_authorization',
  reason: 'payment_declined',
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
  if (!/^\d{12,19}$/.test(number) || !passesLuhn(number))
    throw new ValidationFailed('The card number is invalid.', 'card.number');
  const known = TEST_CARDS.find((card) => card.number === number);
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
    emi: (known?.type ?? 'credit') === 'credit',
    subType: 'customer' as const,
  };
  return {
    card,
    bank: null,
    wallet: null,
    vpa: null,
    international,
    disputeAfterCapture: known?.outcome === 'disputed',
    error: known?.outcome === 'declined' ? DECLINED : null,
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
