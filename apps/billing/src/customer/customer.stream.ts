import { commandsOn } from '@platform/event-store';
import { customerDetailsProjection } from './customer-details/customer-details.projection';
import { CUSTOMER_STREAM, customerDecider } from './customer.decider';
import { customerIntegrationEvents } from './customer.integration';

/** A command on a customer stream, with its read model and its public events. */
export const onCustomer = commandsOn({
  decider: customerDecider,
  streamType: CUSTOMER_STREAM,
  projections: [customerDetailsProjection],
  outbox: customerIntegrationEvents,
});
