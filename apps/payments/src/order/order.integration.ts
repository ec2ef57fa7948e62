import { PaymentEventTypes, Topics } from '@platform/contracts';
import type { OrderPaidEvent } from '@platform/contracts';
import { envelopeOf } from '@platform/event-store';
import type { CommandResult, OutboxMessage } from '@platform/event-store';
import type { Payment } from '../payment/payment.decider';
import type { PaymentEvent } from '../payment/payment.events';
import { paymentAt } from '../payment/payment.integration';
import { toOrderEntity } from './dtos/order.response';
import type { Order } from './order.decider';
import { orderDetailsProjection } from './order-details/order-details.projection';
import type { OrderEvent } from './order.events';

/**
 * `order.paid` on payments.order, keyed by order id, when a command made the order paid: the order
 * and the payment that completed it (the spec: its id is what a refund is made with).
 */
export function orderPaidEvents(order: CommandResult<Order, OrderEvent>, payment: CommandResult<Payment, PaymentEvent>): OutboxMessage[] {
  const paid = order.appended.find((event) => event.type === 'OrderPaid');
  if (!paid) return [];
  const row = orderDetailsProjection.view(order.stream);
  if (!row) throw new Error(`order ${paid.streamId} has no details`);
  const lastPaymentVersion = payment.stream[payment.stream.length - 1].version;
  const event: OrderPaidEvent = { ...envelopeOf(paid), type: PaymentEventTypes.orderPaid, data: { order: toOrderEntity(row), payment: paymentAt(payment.stream, lastPaymentVersion) } };
  return [{ topic: Topics.paymentsOrder, key: paid.streamId, event }];
}
