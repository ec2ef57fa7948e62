import type { CardEntity, PaymentEntity } from '@platform/contracts';
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

/** The payment entity; the card object only when asked for (`expand[]=card`), as Razorpay does. */
export function toPaymentEntity(row: PaymentDetailsRow, expandCard = false): PaymentEntity {
  const entity: PaymentEntity = {
    id: row.id,
    entity: 'payment',
    amount: row.amount,
    currency: row.currency,
    status: row.status,
    order_id: row.orderId,
    invoice_id: row.invoiceId,
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
  if (expandCard) entity.card = row.card ? toCardEntity(row.card) : null;
  return entity;
}
