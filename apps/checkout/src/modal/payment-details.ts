import type { CheckoutOptions } from '../options/checkout-options';
import type { MethodChoice } from '../options/display-config';
import {
  type CardNetwork,
  cardNetwork,
  cvvLength,
  digitsOf,
  hasExpired,
  NETWORK_LABELS,
  networkNamed,
  parseExpiry,
  passesLuhn,
} from '../common/card-number';
import type { PaymentRequest } from './api/api-types';

/** What the customer typed or picked, kept across a retry. */
export interface DetailsValues {
  contact: string;
  email: string;
  cardNumber: string;
  expiry: string;
  cvv: string;
  cardName: string;
  vpa: string;
  bank: string;
  wallet: string;
}

export type DetailsField = keyof DetailsValues;
export type DetailsErrors = Partial<Record<DetailsField, string>>;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const VPA = /^[\w.-]{2,256}@[a-zA-Z][\w.-]{1,64}$/;
/** Razorpay's checkout prefixes a contact without a country code with India's. */
const DEFAULT_COUNTRY_CODE = '+91';

/** The request fields the API may name as at fault, and the modal's fields they were typed in. */
const API_FIELDS: Readonly<Record<string, DetailsField>> = {
  contact: 'contact',
  email: 'email',
  'card[number]': 'cardNumber',
  'card[name]': 'cardName',
  'card[expiry_month]': 'expiry',
  'card[expiry_year]': 'expiry',
  'card[cvv]': 'cvv',
  vpa: 'vpa',
  bank: 'bank',
  wallet: 'wallet',
};

/** The modal's field behind a field the API refused (`card[number]` → the card number), if any. */
export function detailsFieldOf(apiField: string | undefined): DetailsField | null {
  return apiField !== undefined && Object.hasOwn(API_FIELDS, apiField)
    ? API_FIELDS[apiField]
    : null;
}

/** "98765 43210" → "+919876543210"; null when it is not a phone number. */
export function normaliseContact(text: string): string | null {
  const compact = text.replace(/[\s\-()]/g, '');
  if (!/^\+?\d{8,15}$/.test(compact)) return null;
  if (compact.startsWith('+')) return compact;
  return compact.length === 10 ? DEFAULT_COUNTRY_CODE + compact : `+${compact}`;
}

export function initialValues(options: CheckoutOptions): DetailsValues {
  const { prefill } = options;
  return {
    contact: prefill.contact,
    email: prefill.email,
    cardNumber: '',
    expiry: '',
    cvv: '',
    cardName: prefill.name,
    vpa: prefill.vpa,
    bank: prefill.bank,
    wallet: prefill.wallet,
  };
}

/** The contact details' problems (a hidden field is the merchant's: not checked). */
export function contactErrors(values: DetailsValues, options: CheckoutOptions): DetailsErrors {
  const errors: DetailsErrors = {};
  if (!options.hidden.contact && normaliseContact(values.contact) === null)
    errors.contact = 'Enter a valid phone number.';
  if (!options.hidden.email && !EMAIL.test(values.email.trim()))
    errors.email = 'Enter a valid email address.';
  return errors;
}

/** The networks a merchant's block allows (`networks` of a card instrument); empty: any. */
function allowedNetworks(choice: MethodChoice): CardNetwork[] {
  return (choice.networks ?? [])
    .map(networkNamed)
    .filter((network): network is CardNetwork => network !== null);
}

function cardErrors(values: DetailsValues, choice: MethodChoice, now: Date): DetailsErrors {
  const errors: DetailsErrors = {};
  const network = cardNetwork(values.cardNumber);
  if (!passesLuhn(values.cardNumber)) errors.cardNumber = 'Enter a valid card number.';
  const allowed = allowedNetworks(choice);
  if (!errors.cardNumber && allowed.length > 0 && !allowed.includes(network))
    errors.cardNumber = `Only ${allowed.map((name) => NETWORK_LABELS[name]).join(', ')} cards are accepted here.`;
  const expiry = parseExpiry(values.expiry);
  if (!expiry) errors.expiry = 'Enter the expiry as MM / YY.';
  else if (hasExpired(expiry, now)) errors.expiry = 'This card has expired.';
  const length = cvvLength(network);
  if (!new RegExp(`^\\d{${length}}$`).test(values.cvv))
    errors.cvv = `Enter the ${length}-digit CVV.`;
  return errors;
}

/** The selected method's problems. */
export function methodErrors(
  values: DetailsValues,
  choice: MethodChoice,
  now: Date,
): DetailsErrors {
  switch (choice.method) {
    case 'card':
      return cardErrors(values, choice, now);
    case 'upi':
      return VPA.test(values.vpa.trim()) ? {} : { vpa: 'Enter a valid UPI ID, such as name@bank.' };
    case 'netbanking':
      return values.bank && (choice.banks?.includes(values.bank) ?? true)
        ? {}
        : { bank: 'Choose your bank.' };
    case 'wallet':
      return values.wallet && (choice.wallets?.includes(values.wallet) ?? true)
        ? {}
        : { wallet: 'Choose a wallet.' };
    default: {
      const unknown: never = choice.method;
      return unknown;
    }
  }
}

function methodFields(values: DetailsValues, choice: MethodChoice): Partial<PaymentRequest> {
  switch (choice.method) {
    case 'card': {
      const expiry = parseExpiry(values.expiry) ?? { month: 0, year: 0 };
      const name = values.cardName.trim();
      return {
        card: {
          number: digitsOf(values.cardNumber),
          ...(name ? { name } : {}),
          expiry_month: expiry.month,
          expiry_year: expiry.year,
          cvv: values.cvv,
        },
      };
    }
    case 'upi':
      return { vpa: values.vpa.trim() };
    case 'netbanking':
      return { bank: values.bank };
    case 'wallet':
      return { wallet: values.wallet };
    default: {
      const unknown: never = choice.method;
      return unknown;
    }
  }
}

function notesToSend(notes: CheckoutOptions['notes']): PaymentRequest['notes'] | undefined {
  if (!notes || Object.keys(notes).length === 0) return undefined;
  // The API takes text and numbers; a flag is sent as its text.
  return Object.fromEntries(
    Object.entries(notes).map(([key, value]) => [
      key,
      typeof value === 'boolean' ? String(value) : value,
    ]),
  );
}

/** The body of POST /v1/checkout/payments for checked details. */
export function paymentRequest(
  options: CheckoutOptions,
  payment: { values: DetailsValues; choice: MethodChoice; amountToSend: number | null },
): PaymentRequest {
  const { values, choice, amountToSend } = payment;
  const contact = options.hidden.contact ? options.prefill.contact : values.contact;
  const email = (options.hidden.email ? options.prefill.email : values.email).trim();
  const request: PaymentRequest = {
    key_id: options.key,
    ...(options.subscription_id
      ? { subscription_id: options.subscription_id }
      : { order_id: options.order_id }),
    method: choice.method,
    ...methodFields(values, choice),
  };
  if (amountToSend !== null) request.amount = amountToSend;
  const phone = normaliseContact(contact);
  if (phone) request.contact = phone;
  if (email) request.email = email;
  if (options.customer_id) request.customer_id = options.customer_id;
  const notes = notesToSend(options.notes);
  if (notes) request.notes = notes;
  if (options.description) request.description = options.description;
  return request;
}
