import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, KafkaContext, Payload } from '@nestjs/microservices';
import { customerEventProblem, Topics } from '@platform/contracts';
import type { CustomerCreatedEvent, CustomerUpdatedEvent } from '@platform/contracts';
import { recordOnce, ReliableConsumer } from '@platform/messaging';
import { Database } from '@platform/event-store';
import { customerDirectoryWrite } from './customer-directory.projection';

export const CUSTOMER_DIRECTORY_CONSUMER = 'payments.customer-directory';

/** billing.customer → the customer directory; each event has one effect, however often it arrives. */
@Controller()
export class OnCustomerChangedConsumer {
  constructor(
    private readonly consumer: ReliableConsumer,
    private readonly database: Database,
  ) {}

  @EventPattern(Topics.billingCustomer)
  async onCustomerChanged(@Payload() payload: unknown, @Ctx() context: KafkaContext): Promise<void> {
    await this.consumer.consume<CustomerCreatedEvent | CustomerUpdatedEvent>(
      context,
      payload,
      (event) => recordOnce(this.database, CUSTOMER_DIRECTORY_CONSUMER, event.id, customerDirectoryWrite(event)).then(() => undefined),
      customerEventProblem,
    );
  }
}
