import { CUSTOMER_CREATED, CUSTOMER_UPDATED, Topics } from '@platform/contracts';
import type { CustomerCreatedEvent, CustomerUpdatedEvent } from '@platform/contracts';
import { integrationEventOf, streamUpTo } from '@platform/event-store';
import type { OutboxMessage, StoredEvent } from '@platform/event-store';
import { customerDetailsProjection } from './customer-details/customer-details.projection';
import type { CustomerEvent } from './customer.events';
import { toCustomerEntity } from './dtos/customer.response';

/**
 * Public events for what was appended: `customer.created` / `customer.updated` on billing.customer,
 * carrying the customer as the API shows it after that event.
 */
export function customerIntegrationEvents(
  appended: readonly StoredEvent<CustomerEvent>[],
  stream: readonly StoredEvent<CustomerEvent>[],
): OutboxMessage[] {
  return appended.map((event) => {
    const after = customerDetailsProjection.view(streamUpTo(stream, event.version));
    if (!after)
      throw new Error(`customer ${event.streamId} has no details after version ${event.version}`);
    const customer = toCustomerEntity(after);
    const published =
      event.type === 'CustomerCreated'
        ? integrationEventOf<CustomerCreatedEvent>(event, CUSTOMER_CREATED, { customer })
        : integrationEventOf<CustomerUpdatedEvent>(event, CUSTOMER_UPDATED, {
            customer,
            changed: Object.keys(event.data.changes),
          });
    return { topic: Topics.billingCustomer, key: event.streamId, event: published };
  });
}
