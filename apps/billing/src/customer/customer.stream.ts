import type { CommandSpec } from '@platform/event-store';
import { customerDetailsProjection } from './customer-details/customer-details.projection';
import type { CustomerCommand } from './customer.commands';
import { CUSTOMER_STREAM, customerDecider } from './customer.decider';
import type { Customer } from './customer.decider';
import type { CustomerEvent } from './customer.events';
import { customerIntegrationEvents } from './customer.integration';

/** A command on a customer stream, with its read model and its public events. */
export function onCustomer(
  customerId: string,
  command: CustomerCommand,
  isNew = false,
): CommandSpec<Customer, CustomerCommand, CustomerEvent> {
  return {
    decider: customerDecider,
    streamType: CUSTOMER_STREAM,
    streamId: customerId,
    command,
    isNew,
    projections: [customerDetailsProjection],
    outbox: customerIntegrationEvents,
  };
}
