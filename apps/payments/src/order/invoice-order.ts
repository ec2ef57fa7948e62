import type { InvoiceEntity } from '@platform/contracts';
import type { CommandMetadata } from '@platform/domain-kit';
import { outsideKeyedRequest } from '@platform/event-store';
import type { CommandHandler, HandleOptions } from '@platform/event-store';
import { onOrder } from './order.stream';

/** What an invoice's order is opened from: billing's invoice as `invoice.issued` carries it and its API answers it. */
export type IssuedInvoice = Pick<
  InvoiceEntity,
  'id' | 'amount' | 'currency' | 'partial_payment' | 'notes' | 'customer_id'
> & { order_id: string };

/**
 * Opens an issued invoice's order: the id billing chose, the invoice's amount, captured at once,
 * partial payments as the invoice allows. Opened by whichever comes first, `invoice.issued` or a
 * payment that asked billing about the invoice before that event arrived; the second changes nothing
 * (the order decider ignores its own invoice reported again).
 */
export async function openInvoiceOrder(
  handler: CommandHandler,
  invoice: IssuedInvoice,
  metadata: CommandMetadata,
  options?: HandleOptions,
): Promise<void> {
  const orderId = invoice.order_id;
  const terms = {
    amount: invoice.amount,
    currency: invoice.currency,
    receipt: null,
    notes: invoice.notes,
    partialPayment: invoice.partial_payment,
    firstPaymentMinAmount: null,
    paymentCapture: true,
    invoiceId: invoice.id,
    customerId: invoice.customer_id,
  };
  // Done whether or not the request that asks is retried with its key: never numbered among its commands.
  await outsideKeyedRequest(() =>
    handler.handle(
      onOrder(orderId, { type: 'CreateOrder', data: { orderId, terms }, metadata }),
      options,
    ),
  );
}
