import { commandsOn } from '@platform/event-store';
import { orderDetailsProjection } from './order-details/order-details.projection';
import { ORDER_STREAM, orderDecider } from './order.decider';

/** A command on an order stream, with everything written alongside: its read model. */
export const onOrder = commandsOn({
  decider: orderDecider,
  streamType: ORDER_STREAM,
  projections: [orderDetailsProjection],
});
