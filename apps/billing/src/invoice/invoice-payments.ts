import { readStream } from '@platform/event-store';
import type { SqlRunner } from '@platform/event-store';
import type { InvoiceDetailsRow } from './invoice-details/invoice-details.entity';
import { INVOICE_STREAM } from './invoice.decider';
import type { InvoiceEvent } from './invoice.events';
import type { InvoicePagePayment } from './invoice-page.html';

/** Events carry milliseconds; the page shows Unix seconds. */
const seconds = (ms: number) => Math.floor(ms / 1000);

/**
 * The payments the invoice counted, in the order it counted them, from its own stream (the read
 * model keeps only the latest). None is read for an invoice nothing was paid of.
 */
export async function paymentsOfInvoice(
  db: SqlRunner,
  invoice: InvoiceDetailsRow,
): Promise<InvoicePagePayment[]> {
  if (invoice.amountPaid === 0) return [];
  const stream = await readStream<InvoiceEvent>(
    db,
    { streamId: invoice.id, streamType: INVOICE_STREAM },
    invoice,
  );
  return stream.flatMap((event) =>
    event.type === 'InvoicePaymentRecorded'
      ? [{ id: event.data.paymentId, amount: event.data.amount, at: seconds(event.data.at) }]
      : [],
  );
}
