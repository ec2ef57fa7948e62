import type { CardEntity, PaymentEntity, PaymentUpiDetails } from '@platform/contracts';
import type { PaymentDetailsRow } from '../payment-details/payment-details.entity';
import type { CardDetails } from '../payment.events';

export function toCardEntity(card: CardDetails): CardEntity {
  return {
    id: card.id,
    entity: 'card',
    name: card.name,
    last4: card.last4,
    network: card.network,
    type: card.type,
    issuer: card.issuer,
    international: card.international,
    emi: card.emi,
    sub_type: card.subType,
    token_iin: null,
  };
}

/** What a payment shows beyond its own fields, as `expand[]` asks for it. */
export interface PaymentExpansions {
  card?: boolean;
  upi?: boolean;
}

/** Every expansion: what integration events and the checkout's answer carry (they cannot ask). */
export const EVERY_EXPANSION: PaymentExpansions = { card: true, upi: true };

/** The expansions a request's `expand[]` names (others, such as `emi`, have nothing to show). */
export const expansionsOf = (expand: readonly string[]): PaymentExpansions => ({
  card: expand.includes('card'),
  upi: expand.includes('upi'),
});

/**
 * How the test bank's UPI payments were made: the payer approved a collect request to the VPA, from
 * a bank account. Null for a payment of another method.
 */
function toUpiDetails(row: PaymentDetailsRow): PaymentUpiDetails | null {
  if (row.method !== 'upi' || row.vpa === null) return null;
  return { payer_account_type: 'bank_account', vpa: row.vpa, flow: 'collect' };
}

/**
 * The payment entity. The card object only when asked for (`expand[]=card`; null for a payment
 * without a card), the UPI details only when asked for (`expand[]=upi`) and only on a UPI payment,
 * as Razorpay does.
 */
export function toPaymentEntity(
  row: PaymentDetailsRow,
  expand: PaymentExpansions = {},
): PaymentEntity {
  const entity: PaymentEntity = {
    id: row.id,
    entity: 'payment',
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    order_id: row.orderId,
    invoice_id: row.invoiceId,
    terminal_id: null,
    international: row.international,
    method: row.method,
    amount_refunded: row.amountRefunded,
    refund_status:
      row.amountRefunded === 0 ? null : row.amountRefunded >= row.amount ? 'full' : 'partial',
    captured: row.captured,
    description: row.description,
    card_id: row.card?.id ?? null,
    bank: row.bank,
    wallet: row.wallet,
    vpa: row.vpa,
    email: row.email,
    contact: row.contact,
    customer_id: row.customerId,
    notes: row.notes,
    fee: row.fee,
    tax: row.tax,
    error_code: row.error?.code ?? null,
    error_description: row.error?.description ?? null,
    error_source: row.error?.source ?? null,
    error_step: row.error?.step ?? null,
    error_reason: row.error?.reason ?? null,
    acquirer_data: row.acquirerData,
    created_at: row.createdAt,
  };
  if (expand.card) entity.card = row.card ? toCardEntity(row.card) : null;
  const upi = expand.upi ? toUpiDetails(row) : null;
  if (upi) entity.upi = upi;
  return entity;
}
