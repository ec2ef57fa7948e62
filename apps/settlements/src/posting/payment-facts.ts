import type { OrderEntity, PaymentEntity } from '@platform/contracts';
import type { PaymentFacts } from './posting.events';

/** What recon rows show of a payment, from the payment (and its order) payments published. */
export function paymentFactsOf(
  payment: PaymentEntity,
  order: OrderEntity | null | undefined,
): PaymentFacts {
  return {
    createdAt: payment.created_at * 1000,
    method: payment.method,
    description: payment.description ?? null,
    notes: payment.notes ?? {},
    orderId: payment.order_id ?? null,
    orderReceipt: order?.receipt ?? null,
    card: payment.card
      ? { network: payment.card.network, issuer: payment.card.issuer, type: payment.card.type }
      : null,
  };
}
