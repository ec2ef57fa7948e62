import type { CommandSpec } from '@platform/event-store';
import { orderDetailsProjection } from './order-details/order-details.projection';
import type { OrderCommand } from './order.commands';
import { ORDER_STREAM, orderDecider } from './order.decider';
import type { Order } from './order.decider';
import type { OrderEvent } from './order.events';

/** A command on an order stream, with everything written alongside: its read model. */
export function onOrder(
  orderId: string,
  command: OrderCommand,
  isNew = false,
): CommandSpec<Order, OrderCommand, OrderEvent> {
  return {
    decider: orderDecider,
    streamType: ORDER_STREAM,
    streamId: orderId,
    command,
    isNew,
    projections: [orderDetailsProjection],
  };
}
