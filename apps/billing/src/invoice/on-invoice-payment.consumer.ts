import { Injectable, Logger } from '@nestjs/common';
import { PaymentEventTypes, Topics } from '@platform/contracts';
import type { PaymentEvent } from '@platform/contracts';
import { unlessRefused } from '@platform/domain-kit';
import { CommandHandler } from '@platform/event-store';
import { eventMetadata, IntegrationEventHandler } from '@platform/messaging';
import type { EventHandler } from '@platform/messaging';
import { InvoiceCommands } from './invoice-commands';
import { onInvoice } from './invoice.stream';

export const INVOICE_PAYMENTS_CONSUMER = 'billing.invoice-payments';

/**
 * payments.payment → invoices: each captured payment on an invoice's order counts towards it
 * (partially_paid, then paid). The decider records a payment once, however often it arrives; a
 * payment the invoice cannot take (cancelled meanwhile) is logged and skipped.
 */
@Injectable()
@IntegrationEventHandler()
export class OnInvoicePaymentConsumer implements EventHandler<PaymentEvent> {
  readonly topic = Topics.paymentsPayment;
  readonly consumer = INVOICE_PAYMENTS_CONSUMER;
  private readonly logger = new Logger(OnInvoicePaymentConsumer.name);

  constructor(
    private readonly handler: CommandHandler,
    private readonly commands: InvoiceCommands,
  ) {}

  async apply(_tx: unknown, event: PaymentEvent): Promise<void> {
    const payment = event.data.payment;
    const invoiceId = payment.invoice_id;
    if (event.type !== PaymentEventTypes.paymentCaptured || !invoiceId) return;
    const metadata = eventMetadata(event);
    await unlessRefused(
      async () => {
        await this.handler.handle(onInvoice(invoiceId, { type: 'RecordInvoicePayment', data: { paymentId: payment.id, amount: payment.amount }, metadata }, this.commands.publicBaseUrl));
      },
      (error) => this.logger.warn({ msg: 'payment not applied to its invoice', paymentId: payment.id, invoiceId, reason: error.description }),
    );
  }
}
