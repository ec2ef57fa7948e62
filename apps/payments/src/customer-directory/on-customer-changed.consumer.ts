import { Injectable } from '@nestjs/common';
import { customerEventProblem, Topics } from '@platform/contracts';
import type { CustomerCreatedEvent, CustomerUpdatedEvent } from '@platform/contracts';
import type { SqlRunner } from '@platform/event-store';
import { IntegrationEventHandler } from '@platform/messaging';
import type { EventHandler } from '@platform/messaging';
import { applyToCustomerDirectory } from './customer-directory.projection';

export const CUSTOMER_DIRECTORY_CONSUMER = 'payments.customer-directory';

type CustomerEvent = CustomerCreatedEvent | CustomerUpdatedEvent;

/** billing.customer → the customer directory; each event has one effect, however often it arrives. */
@Injectable()
@IntegrationEventHandler()
export class OnCustomerChangedConsumer implements EventHandler<CustomerEvent> {
  readonly topic = Topics.billingCustomer;
  readonly consumer = CUSTOMER_DIRECTORY_CONSUMER;

  problem(event: CustomerEvent): string | null {
    return customerEventProblem(event);
  }

  async apply(tx: SqlRunner, event: CustomerEvent): Promise<void> {
    await applyToCustomerDirectory(tx, [event]);
  }

  async applyAll(tx: SqlRunner, events: readonly CustomerEvent[]): Promise<void> {
    await applyToCustomerDirectory(tx, events);
  }
}
