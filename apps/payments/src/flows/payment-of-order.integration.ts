import { PaymentEventTypes, Topics } from '@platform/contracts';
import type { OrderPaidEvent } from '@platform/contracts';
import { integrationEventOf } from '@platform/event-store';
import type { CommandResult, OutboxMessage } from '@platform/event-store';
import { toOrderEntity } from '../order/dtos/order.response';
import type { Order } from '../order/order.decider';
import { orderDetailsProjection } from '../order/order-details/order-details.projection';
import type { OrderEvent } from '../order/order.events';
import type { Payment } from '../payment/payment.decider';
import type { PaymentEvent } from '../payment/payment.events';
import { paymentAt, paymentIntegrationEvents } from '../payment/payment.integration';
import type { PaymentLinkEvent } from '../payment-link/payment-link.events';
import { paymentLinkPaymentEvents } from '../payment-link/payment-link.integration';
import type { PaymentLink } from '../payment-link/payment-link.state';

/** The order as the API shows it after the command. */
function orderEntityOf(order: CommandResult<Order, OrderEvent>) {
  const row = orderDetailsProjection.view(order.stream);
  if (!row) throw new Error(`order ${order.stream[0]?.streamId} has no details`);
  return toOrderEntity(row);
}

/**
 * The published events of a command on a payment and the order it pays, in order: the payment's
 * own (`payment.captured` carries the order, whose receipt settlement reports show), then
 * `order.paid` if the command made the order paid, then the payment link's
 * (`payment_link.partially_paid` or `.paid`) if the order collects one the capture counted on.
 * The payment's spec publishes nothing itself. Published by the flows that write a payment with
 * its order (a capture, a checkout payment).
 */
export function paymentOfOrderEvents(
  payment: CommandResult<Payment, PaymentEvent>,
  order: CommandResult<Order, OrderEvent>,
  link: CommandResult<PaymentLink, PaymentLinkEvent> | null = null,
): OutboxMessage[] {
  const orderEntity = orderEntityOf(order);
  return [
    ...paymentIntegrationEvents(payment.appended, payment.stream, orderEntity),
    ...orderPaidEvents(order, payment),
    ...(link
      ? paymentLinkPaymentEvents(link.appended, link.stream, {
          order: orderEntity,
          payment: paymentAt(payment.stream, payment.stream[payment.stream.length - 1].version),
        })
      : []),
  ];
}

/**
 * `order.paid` on payments.order, keyed by order id, when a command made the order paid: the order
 * and the payment that completed it (the spec: its id is what a refund is made with).
 */
export function orderPaidEvents(
  order: CommandResult<Order, OrderEvent>,
  payment: CommandResult<Payment, PaymentEvent>,
): OutboxMessage[] {
  const paid = order.appended.find((event) => event.type === 'OrderPaid');
  if (!paid) return [];
  const lastPaymentVersion = payment.stream[payment.stream.length - 1].version;
  const event: OrderPaidEvent = integrationEventOf(paid, PaymentEventTypes.orderPaid, {
    order: orderEntityOf(order),
    payment: paymentAt(payment.stream, lastPaymentVersion),
  });
  return [{ topic: Topics.paymentsOrder, key: paid.streamId, event }];
}
