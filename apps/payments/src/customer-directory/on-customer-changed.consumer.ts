import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { CUSTOMER_CREATED, CUSTOMER_UPDATED, customerEventProblem } from '@platform/contracts';
import type { CustomerCreatedEvent, CustomerUpdatedEvent } from '@platform/contracts';
import { EventBatch, inbox } from '@platform/messaging';
import { applyToCustomerDirectory } from './customer-directory.projection';

export const CUSTOMER_DIRECTORY_CONSUMER = 'payments.customer-directory';

type CustomerEvent = CustomerCreatedEvent | CustomerUpdatedEvent;

/** billing.customer → the customer directory; each event has one effect, however often it arrives. */
@Controller()
export class OnCustomerChangedConsumer {
  @EventPattern(
    [CUSTOMER_CREATED, CUSTOMER_UPDATED],
    inbox(CUSTOMER_DIRECTORY_CONSUMER, customerEventProblem),
  )
  async record(
    @Payload() events: readonly CustomerEvent[],
    @Ctx() batch: EventBatch,
  ): Promise<void> {
    await applyToCustomerDirectory(batch.tx, events);
  }
}
