/** A card as the API shows it (`entity: "card"`): never the number or the CVV. */
export interface CardEntity {
  id: string;
  entity: 'card';
  name: string | null;
  /** The last four digits, as a string (the SDK's type). */
  last4: string;
  network:
    'American Express' | 'Diners Club' | 'Maestro' | 'MasterCard' | 'RuPay' | 'Unknown' | 'Visa';
  type: 'credit' | 'debit' | 'prepaid' | 'unknown';
  /** 4-character bank code; null for cards issued abroad. */
  issuer: string | null;
  international: boolean;
  emi: boolean;
  sub_type: 'customer' | 'business';
  token_iin: string | null;
}
