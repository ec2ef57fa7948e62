import type { IntegrationEvent } from '../envelope';
import type { OrderEntity } from './order.entity';
import type { PaymentEntity } from './payment.entity';
import type { RefundEntity } from './refund.entity';

/** On `payments.payment`, keyed by payment id: the payment after the change. */
export type PaymentAuthorizedEvent = IntegrationEvent<'payment.authorized', { payment: PaymentEntity }>;
export type PaymentCapturedEvent = IntegrationEvent<'payment.captured', { payment: PaymentEntity }>;
export type PaymentFailedEvent = IntegrationEvent<'payment.failed', { payment: PaymentEntity }>;
export type PaymentEvent = PaymentAuthorizedEvent | PaymentCapturedEvent | PaymentFailedEvent;

/** On `payments.order`, keyed by order id: the order once paid, and the payment that completed it. */
export type OrderPaidEvent = IntegrationEvent<'order.paid', { order: OrderEntity; payment: PaymentEntity }>;

/** On `payments.refund`, keyed by refund id. */
export type RefundCreatedEvent = IntegrationEvent<'refund.created', { refund: RefundEntity }>;
export type RefundProcessedEvent = IntegrationEvent<'refund.processed', { refund: RefundEntity }>;
export type RefundEvent = RefundCreatedEvent | RefundProcessedEvent;

export const PaymentEventTypes = {
  paymentAuthorized: 'payment.authorized',
  paymentCaptured: 'payment.captured',
  paymentFailed: 'payment.failed',
  orderPaid: 'order.paid',
  refundCreated: 'refund.created',
  refundProcessed: 'refund.processed',
} as const;
