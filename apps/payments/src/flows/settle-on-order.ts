import type { CommandMetadata } from '@platform/domain-kit';
import type { CommandResult, SqlFragment, UnitOfWork } from '@platform/event-store';
import type { Authorization } from '../acquirer/acquirer';
import type { Order } from '../order/order.decider';
import type { OrderEvent } from '../order/order.events';
import { onOrder } from '../order/order.stream';
import type { Payment } from '../payment/payment.decider';
import type { CardDetails, PaymentDetails, PaymentEvent } from '../payment/payment.events';
import { onPayment } from '../payment/payment.stream';
import type { PaymentLink } from '../payment-link/payment-link.state';
import type { PaymentLinkEvent } from '../payment-link/payment-link.events';
import { saveTokenFragment } from '../subscription-mandate/subscription-mandate';
import type { SavedToken } from '../subscription-mandate/subscription-mandate';
import { paymentCommand } from './checkout-payment';
import { recordOnLink } from './payment-link-of-order';

/** An acquirer's decision about a payment of an order, to be recorded on both. */
export interface OrderPaymentDecision {
  paymentId: string;
  orderId: string;
  details: PaymentDetails;
  authorization: Authorization;
  /** The order takes its payments captured at once (its payment_capture). */
  paymentCapture: boolean;
  /** The payment does not exist yet (decided at once, or a saved card's charge); else it is `created`. */
  isNew: boolean;
  /** The subscription whose authorization this is: an authorized payment saves its instrument. */
  subscriptionId: string | null;
  /** More writes of the payment's statement (a used decline of a saved card's charge). */
  also?: readonly SqlFragment[];
  metadata: CommandMetadata;
}

export interface SettledOrderPayment {
  payment: CommandResult<Payment, PaymentEvent>;
  order: CommandResult<Order, OrderEvent>;
  /** The payment link the order collects, when the payment was captured on it; else null. */
  link: CommandResult<PaymentLink, PaymentLinkEvent> | null;
}

/**
 * The payment is authorized (captured with the order's payment_capture) or declined, and the order
 * records the attempt in the same statement: the order's rules (not paid, the amount due, partial
 * payments, a closed invoice or link) refuse it there if another payment changed the order
 * meanwhile. A capture on a payment link's order is counted on the link too. The payment's own
 * events are published with the order's (paymentOfOrderEvents).
 */
export async function settleOnOrder(
  unit: UnitOfWork,
  decision: OrderPaymentDecision,
): Promise<SettledOrderPayment> {
  const { paymentId, orderId, details, authorization, metadata } = decision;
  const captured = authorization.authorized && decision.paymentCapture;
  const saved =
    authorization.authorized && decision.subscriptionId
      ? [saveTokenFragment(decision.subscriptionId, savedToken(details))]
      : [];
  const command = paymentCommand(paymentId, authorization, details, captured, metadata);
  const payment = await unit.decide({
    ...onPayment(paymentId, command, decision.isNew),
    also: [...saved, ...(decision.also ?? [])],
    outbox: undefined, // published with the order's
  });
  const order = await unit.decide(
    onOrder(orderId, {
      type: 'RecordPaymentAttempt',
      data: { paymentId, amount: details.amount, authorized: authorization.authorized, captured },
      metadata,
    }),
  );
  const capture = {
    paymentId,
    amount: details.amount,
    method: details.method,
    paymentCreatedAt: createdAtOf(payment.state, metadata.now),
  };
  const link = await recordOnLink(unit, order, capture, metadata);
  return { payment, order, link };
}

/** When the payment was made: its creation, for one that waited for its customer. */
function createdAtOf(payment: Payment, now: number): number {
  return 'createdAt' in payment ? payment.createdAt : now;
}

/** What a subscription's authorization saves for later cycles: the instrument as the payment shows it. */
function savedToken(details: PaymentDetails): SavedToken {
  const { method, card, bank, wallet, vpa, email, contact } = details;
  return { method, card: card && withoutId(card), bank, wallet, vpa, email, contact };
}

/** A saved card is the card, not one payment's card entity. */
const withoutId = ({ id: _id, ...card }: CardDetails): Omit<CardDetails, 'id'> => card;
