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
