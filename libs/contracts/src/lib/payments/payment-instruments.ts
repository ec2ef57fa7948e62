/**
 * The banks (netbanking) and wallets a payment can be made with: the simulator checks against these
 * lists and the OpenAPI document lists them.
 */
export const NETBANKING_BANKS = [
  'HDFC',
  'ICIC',
  'SBIN',
  'UTIB',
  'KKBK',
  'YESB',
  'PUNB',
  'BARB',
] as const;

export const WALLETS = [
  'paytm',
  'phonepe',
  'amazonpay',
  'freecharge',
  'mobikwik',
  'airtelmoney',
  'jiomoney',
  'olamoney',
] as const;

/** Each netbanking bank's name, as checkout shows it (GET /v1/preferences `methods.netbanking`). */
export const NETBANKING_BANK_NAMES: Readonly<Record<(typeof NETBANKING_BANKS)[number], string>> = {
  HDFC: 'HDFC Bank',
  ICIC: 'ICICI Bank',
  SBIN: 'State Bank of India',
  UTIB: 'Axis Bank',
  KKBK: 'Kotak Mahindra Bank',
  YESB: 'Yes Bank',
  PUNB: 'Punjab National Bank',
  BARB: 'Bank of Baroda',
};
