import type { IntegrationEvent } from '../envelope';
import type { DisputeEntity } from './dispute.entity';
import type { OrderEntity } from './order.entity';
import type { PaymentLinkEntity } from './payment-link.entity';
import type { PaymentEntity } from './payment.entity';
import type { QrCodeEntity } from './qr-code.entity';
import type { RefundEntity } from './refund.entity';

/** On `payments.payment`, keyed by payment id: the payment after the change. */
export type PaymentAuthorizedEvent = IntegrationEvent<
  'payment.authorized',
  { payment: PaymentEntity }
>;
/** Also the order the payment paid, if any (for its receipt; absent in messages from before it was added). */
export type PaymentCapturedEvent = IntegrationEvent<
  'payment.captured',
  { payment: PaymentEntity; order?: OrderEntity | null }
>;
export type PaymentFailedEvent = IntegrationEvent<'payment.failed', { payment: PaymentEntity }>;
export type PublishedPaymentEvent =
  PaymentAuthorizedEvent | PaymentCapturedEvent | PaymentFailedEvent;

/** On `payments.order`, keyed by order id: the order once paid, and the payment that completed it. */
export type OrderPaidEvent = IntegrationEvent<
  'order.paid',
  { order: OrderEntity; payment: PaymentEntity }
>;

/**
 * On `payments.refund`, keyed by refund id. `refund.created` also carries the payment after the
 * refund (absent in messages from before it was added): whether it was ever captured tells a ledger
 * if the refund takes money from the merchant (an uncaptured payment's automatic refund does not).
 */
export type RefundCreatedEvent = IntegrationEvent<
  'refund.created',
  { refund: RefundEntity; payment?: PaymentEntity }
>;
export type RefundProcessedEvent = IntegrationEvent<'refund.processed', { refund: RefundEntity }>;
export type PublishedRefundEvent = RefundCreatedEvent | RefundProcessedEvent;

/** On `payments.qr_code`, keyed by QR code id; `qr_code.credited` also carries the captured payment. */
export type QrCodeCreatedEvent = IntegrationEvent<'qr_code.created', { qr_code: QrCodeEntity }>;
export type QrCodeCreditedEvent = IntegrationEvent<
  'qr_code.credited',
  { qr_code: QrCodeEntity; payment: PaymentEntity }
>;
export type QrCodeClosedEvent = IntegrationEvent<'qr_code.closed', { qr_code: QrCodeEntity }>;
export type PublishedQrCodeEvent = QrCodeCreatedEvent | QrCodeCreditedEvent | QrCodeClosedEvent;

/** On `payments.dispute`, keyed by dispute id: the dispute after the change. */
export type DisputePublishedType =
  'dispute.created' | 'dispute.under_review' | 'dispute.won' | 'dispute.lost' | 'dispute.closed';
export type PublishedDisputeEvent = IntegrationEvent<
  DisputePublishedType,
  { dispute: DisputeEntity }
>;

/**
 * On `payments.payment_link`, keyed by payment link id. `payment_link.paid` and
 * `payment_link.partially_paid` carry the link, its order and the captured payment that paid it (in
 * full, or in part); `payment_link.cancelled` and `payment_link.expired` the link.
 */
export type PaymentLinkPaidEvent = IntegrationEvent<
  'payment_link.paid',
  { payment_link: PaymentLinkEntity; order: OrderEntity; payment: PaymentEntity }
>;
export type PaymentLinkPartiallyPaidEvent = IntegrationEvent<
  'payment_link.partially_paid',
  { payment_link: PaymentLinkEntity; order: OrderEntity; payment: PaymentEntity }
>;
export type PaymentLinkCancelledEvent = IntegrationEvent<
  'payment_link.cancelled',
  { payment_link: PaymentLinkEntity }
>;
export type PaymentLinkExpiredEvent = IntegrationEvent<
  'payment_link.expired',
  { payment_link: PaymentLinkEntity }
>;
export type PublishedPaymentLinkEvent =
  | PaymentLinkPaidEvent
  | PaymentLinkPartiallyPaidEvent
  | PaymentLinkCancelledEvent
  | PaymentLinkExpiredEvent;

export const PaymentEventTypes = {
  paymentAuthorized: 'payment.authorized',
  paymentCaptured: 'payment.captured',
  paymentFailed: 'payment.failed',
  orderPaid: 'order.paid',
  refundCreated: 'refund.created',
  refundProcessed: 'refund.processed',
  qrCodeCreated: 'qr_code.created',
  qrCodeCredited: 'qr_code.credited',
  qrCodeClosed: 'qr_code.closed',
  disputeCreated: 'dispute.created',
  disputeUnderReview: 'dispute.under_review',
  disputeWon: 'dispute.won',
  disputeLost: 'dispute.lost',
  disputeClosed: 'dispute.closed',
  paymentLinkPaid: 'payment_link.paid',
  paymentLinkPartiallyPaid: 'payment_link.partially_paid',
  paymentLinkCancelled: 'payment_link.cancelled',
  paymentLinkExpired: 'payment_link.expired',
} as const;
