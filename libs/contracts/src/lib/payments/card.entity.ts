/**
 * The value lists of a card, written once: the payments service fills the card entity with them and
 * the gateway's OpenAPI document lists them.
 */
export const CARD_NETWORKS = [
  'American Express',
  'Diners Club',
  'Maestro',
  'MasterCard',
  'RuPay',
  'Unknown',
  'Visa',
] as const;
export type CardNetwork = (typeof CARD_NETWORKS)[number];

export const CARD_TYPES = ['credit', 'debit', 'prepaid', 'unknown'] as const;
export type CardType = (typeof CARD_TYPES)[number];

export const CARD_SUB_TYPES = ['customer', 'business'] as const;
export type CardSubType = (typeof CARD_SUB_TYPES)[number];

/** A card as the API shows it (`entity: "card"`): never the number or the CVV. */
export interface CardEntity {
  /** @example "card_1Aa00000000001" */
  id: string;
  entity: 'card';
  /** The name on the card, as entered at checkout. */
  name: string | null;
  /**
   * The last four digits (the number and the CVV are never stored).
   *
   * @example "1111"
   *
   * @pattern ^[0-9]{4}$
   */
  // The last four digits, as a string (the SDK's type).
  last4: string;
  network: CardNetwork;
  type: CardType;
  /**
   * 4-character bank code (e.g. HDFC, ICIC, SBIN); null for cards issued abroad or by an unknown
   * bank.
   */
  issuer: string | null;
  /** Issued outside India. */
  international: boolean;
  /** EMI is possible on the card (credit cards). */
  emi: boolean;
  sub_type: CardSubType;
  /** Tokenised cards are not supported: always null. */
  token_iin: string | null;
}
