import { Controller, Logger } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { PaymentEventTypes } from '@platform/contracts';
import type { PaymentCapturedEvent } from '@platform/contracts';
import { unlessRefused } from '@platform/domain-kit';
import { CommandHandler } from '@platform/event-store';
import type { SqlRunner } from '@platform/event-store';
import {
  EventBatch,
  eventLogFields,
  eventMetadata,
  inbox,
  relevantWhen,
} from '@platform/messaging';
import { InvoiceService } from './invoice.service';
import { onInvoice } from './invoice.stream';

export const INVOICE_PAYMENTS_CONSUMER = 'billing.invoice-payments';

/**
 * A capture this consumer acts on: one of an invoice's payments. Any other (a plain order's, a
 * payment link's) is skipped before a transaction; so is nothing malformed (no payment: left to fail).
 */
export function isInvoicePayment(event: PaymentCapturedEvent): boolean {
  const payment: unknown = event.data?.payment;
  return typeof payment !== 'object' || payment === null || Boolean(event.data.payment.invoice_id);
}

/**
 * payments.payment → invoices: each captured payment on an invoice's order counts towards it
 * (partially_paid, then paid). The decider records a payment once, however often it arrives; a
 * payment the invoice can no longer take (cancelled or expired meanwhile) is rejected with
 * `invoice.payment_rejected`, and payments refunds it.
 */
@Controller()
export class OnInvoicePaymentConsumer {
  private readonly logger = new Logger(OnInvoicePaymentConsumer.name);

  constructor(
    private readonly handler: CommandHandler,
    private readonly invoices: InvoiceService,
  ) {}

  @EventPattern(
    PaymentEventTypes.paymentCaptured,
    inbox(INVOICE_PAYMENTS_CONSUMER, { relevant: relevantWhen(isInvoicePayment) }),
  )
  async record(
    @Payload() captures: readonly PaymentCapturedEvent[],
    @Ctx() batch: EventBatch,
  ): Promise<void> {
    for (const event of captures) await this.recordOne(batch.tx, event);
  }

  private async recordOne(tx: SqlRunner, event: PaymentCapturedEvent): Promise<void> {
    const payment = event.data.payment;
    const invoiceId = payment.invoice_id;
    if (!invoiceId) return;
    const metadata = eventMetadata(event);
    await unlessRefused(
      async () => {
        // In the inbox transaction: the payment is recorded with the inbox row, or not at all.
        await this.handler.handle(
          onInvoice(
            invoiceId,
            {
              type: 'RecordInvoicePayment',
              data: { paymentId: payment.id, amount: payment.amount },
              metadata,
            },
            this.invoices.publicBaseUrl,
          ),
          { runner: tx },
        );
      },
      (error) =>
        this.logger.warn({
          ...eventLogFields(event),
          msg: 'payment not applied to its invoice',
          paymentId: payment.id,
          invoiceId,
          reason: error.description,
        }),
    );
  }
}
