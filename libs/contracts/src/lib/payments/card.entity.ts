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
  id: string;
  entity: 'card';
  name: string | null;
  /** The last four digits, as a string (the SDK's type). */
  last4: string;
  network: CardNetwork;
  type: CardType;
  /** 4-character bank code; null for cards issued abroad. */
  issuer: string | null;
  international: boolean;
  emi: boolean;
  sub_type: CardSubType;
  token_iin: string | null;
}
