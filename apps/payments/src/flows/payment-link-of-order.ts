import type { CommandMetadata, DomainError } from '@platform/domain-kit';
import type { CommandResult, StreamReader, UnitOfWork } from '@platform/event-store';
import { orderAlreadyPaid } from '../order/order.decider';
import type { ExistingOrder, Order } from '../order/order.decider';
import type { OrderEvent } from '../order/order.events';
import { paymentLinkKind, paymentProblem } from '../payment-link/payment-link.decider';
import type { PaymentLinkEvent } from '../payment-link/payment-link.events';
import type { PaymentLink } from '../payment-link/payment-link.state';
import { onPaymentLink } from '../payment-link/payment-link.stream';

/*
 * What the payment flows do for an order that collects a payment link: check the link before the
 * acquirer is asked, describe the payment as Razorpay does, and count its capture on the link in
 * the same statement as on the order.
 */

/**
 * Why the order's payment link takes no payment now, or null (no link, or it takes one): a link
 * past its time refuses at once, before its scheduled expiry closed the order. A paid link is
 * refused as its paid order is (read a moment earlier, the order may not have shown it yet), so
 * concurrent payers all hear `order_already_paid`.
 */
export async function linkPaymentProblem(
  reader: StreamReader,
  order: ExistingOrder,
  now: number,
): Promise<DomainError | null> {
  const linkId = order.terms.paymentLinkId;
  if (!linkId) return null;
  const { state } = await reader.read(paymentLinkKind, linkId);
  if (state.status === 'new') return null;
  return state.status === 'paid' ? orderAlreadyPaid() : paymentProblem(state, now);
}

/** A link's payment is described `#<link id without plink_>`, as Razorpay's are, unless the payer said otherwise. */
export function linkPaymentDescription(
  order: ExistingOrder,
  description: string | undefined,
): string | undefined {
  const linkId = order.terms.paymentLinkId;
  return description ?? (linkId ? `#${linkId.slice(linkId.indexOf('_') + 1)}` : undefined);
}

/** The captured payment, as the link records it. */
export interface LinkCapture {
  paymentId: string;
  amount: number;
  method: string;
  /** When the payment was made (ms). */
  paymentCreatedAt: number;
}

/**
 * When the order collects a link and this command captured a payment on it, the link counts the
 * payment (`partially_paid`, or `paid`) in the same statement, its expected version checked with
 * the order's; null otherwise.
 */
export async function recordOnLink(
  unit: UnitOfWork,
  order: CommandResult<Order, OrderEvent>,
  capture: LinkCapture,
  metadata: CommandMetadata,
): Promise<CommandResult<PaymentLink, PaymentLinkEvent> | null> {
  const linkId = order.state.status === 'new' ? null : order.state.terms.paymentLinkId;
  const captured = order.appended.some(
    (event) => event.type === 'OrderPaymentCaptured' && event.data.paymentId === capture.paymentId,
  );
  if (!linkId || !captured) return null;
  return unit.decide(onPaymentLink(linkId, { type: 'RecordLinkPayment', data: capture, metadata }));
}
