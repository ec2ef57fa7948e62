/**
 * What the wallets the platform takes are called (libs/contracts' WALLETS; wallet-names.spec.ts
 * keeps the two lists together). A code not listed is shown as itself, capitalised.
 */
const WALLET_NAMES: Readonly<Record<string, string>> = {
  paytm: 'Paytm',
  phonepe: 'PhonePe',
  amazonpay: 'Amazon Pay',
  freecharge: 'Freecharge',
  mobikwik: 'MobiKwik',
  airtelmoney: 'Airtel Money',
  jiomoney: 'JioMoney',
  olamoney: 'Ola Money',
};

export function walletName(code: string): string {
  return Object.hasOwn(WALLET_NAMES, code)
    ? WALLET_NAMES[code]
    : code.charAt(0).toUpperCase() + code.slice(1);
}

export const NAMED_WALLETS = Object.keys(WALLET_NAMES);
