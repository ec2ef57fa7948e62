import { Controller, Logger } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { InvoiceEventTypes } from '@platform/contracts';
import type { PublishedInvoiceEvent } from '@platform/contracts';
import { unlessRefused } from '@platform/domain-kit';
import { CommandHandler } from '@platform/event-store';
import type { SqlRunner } from '@platform/event-store';
import { EventBatch, eventLogFields, eventMetadata, inbox } from '@platform/messaging';
import { openInvoiceOrder } from './invoice-order';
import { onOrder } from './order.stream';

export const INVOICE_ORDERS_CONSUMER = 'payments.invoice-orders';

/**
 * billing.invoice → orders: an issued invoice gets its order (the id billing chose, captured at once,
 * partial payments as the invoice allows; see openInvoiceOrder, shared with a payment that asked billing
 * first); a cancelled or expired one's order takes no more payments. Repeats change nothing (the order
 * decider knows its invoice). The commands run in the inbox transaction.
 */
@Controller()
export class OnInvoiceChangedConsumer {
  private readonly logger = new Logger(OnInvoiceChangedConsumer.name);

  constructor(private readonly handler: CommandHandler) {}

  @EventPattern(
    [InvoiceEventTypes.issued, InvoiceEventTypes.cancelled, InvoiceEventTypes.expired],
    inbox(INVOICE_ORDERS_CONSUMER),
  )
  async follow(
    @Payload() events: readonly PublishedInvoiceEvent[],
    @Ctx() batch: EventBatch,
  ): Promise<void> {
    for (const event of events) await this.followOne(batch.tx, event);
  }

  private async followOne(tx: SqlRunner, event: PublishedInvoiceEvent): Promise<void> {
    const { invoice } = event.data;
    const orderId = invoice.order_id;
    if (!orderId) return;
    const metadata = eventMetadata(event);
    await unlessRefused(
      async () => {
        if (event.type === InvoiceEventTypes.issued) {
          await openInvoiceOrder(this.handler, { ...invoice, order_id: orderId }, metadata, {
            runner: tx,
          });
        } else if (
          event.type === InvoiceEventTypes.cancelled ||
          event.type === InvoiceEventTypes.expired
        ) {
          const reason =
            event.type === InvoiceEventTypes.cancelled ? 'invoice_cancelled' : 'invoice_expired';
          await this.handler.handle(
            onOrder(orderId, { type: 'CloseOrder', data: { reason }, metadata }),
            { runner: tx },
          );
        }
      },
      (error) =>
        this.logger.warn({
          ...eventLogFields(event),
          msg: 'invoice event not applied to its order',
          invoiceId: invoice.id,
          type: event.type,
          reason: error.description,
        }),
    );
  }
}
