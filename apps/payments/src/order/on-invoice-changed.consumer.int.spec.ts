import 'reflect-metadata';
import type { InvoiceChangedEvent, InvoiceEntity } from '@platform/contracts';
import { newId } from '@platform/domain-kit';
import { consumerInbox } from '@platform/service-testing';
import type { ServiceUnderTest, TestCaller } from '@platform/service-testing';
import { billingInvoice, invoiceEvent } from '../../test/billing-events';
import { as, newAccount } from '../../test/payments.kit';
import { startPaymentsBesideBilling } from '../../test/payments-beside-billing';
import type { PaymentsBesideBilling } from '../../test/payments-beside-billing';
import { INVOICE_ORDERS_CONSUMER } from './on-invoice-changed.consumer';

describe('payments opens and closes invoices’ orders from billing.invoice, once each', () => {
  let payments: ServiceUnderTest;
  let running: PaymentsBesideBilling;

  beforeAll(async () => ({ payments } = running = await startPaymentsBesideBilling()));
  afterAll(() => running.close());

  /** Sends the event and waits until this consumer has it in its inbox. */
  const deliver = (event: InvoiceChangedEvent) =>
    running.deliver('billing.invoice', INVOICE_ORDERS_CONSUMER, event);
  /**
   * Sends each event, then one more on the invoice's partition (`invoice.partially_paid`, which
   * moves no order) and waits for it: every event before it has then been consumed.
   */
  const deliverAll = async (
    caller: TestCaller,
    invoice: InvoiceEntity,
    events: InvoiceChangedEvent[],
  ) => {
    for (const event of events) await deliver(event);
    await deliver(invoiceEvent(caller, 'invoice.partially_paid', invoice, 9));
  };
  const { rows: inboxRows } = consumerInbox(() => payments, INVOICE_ORDERS_CONSUMER);
  const issuedInvoice = (fields: Partial<InvoiceEntity> = {}) =>
    billingInvoice(newId('inv'), newId('order'), fields);

  it('opens an issued invoice’s order once, however often invoice.issued is delivered', async () => {
    const caller = newAccount();
    const invoice = issuedInvoice({
      amount: 70000,
      partial_payment: true,
      notes: { plan: 'annual' },
    });
    const issued = invoiceEvent(caller, 'invoice.issued', invoice);
    await deliverAll(caller, invoice, [issued, issued]);
    expect(await inboxRows(issued.id)).toBe(1);
    expect(await running.streamEvents(invoice.order_id as string)).toEqual(['OrderCreated']);
    expect((await as(payments, caller).get(`/v1/orders/${invoice.order_id}`)).body).toMatchObject({
      id: invoice.order_id,
      amount: 70000,
      partial_payment: true,
      status: 'created',
      notes: { plan: 'annual' },
    });
  });

  it('names the invoice’s customer on the payments of its order', async () => {
    const caller = newAccount();
    const invoice = issuedInvoice({ customer_id: 'cust_InvoiceOwner01' });
    await deliverAll(caller, invoice, [invoiceEvent(caller, 'invoice.issued', invoice)]);
    const paid = await as(payments, caller).pay(invoice.order_id);
    expect(paid.status).toBe(200);
    expect(paid.body['payment']).toMatchObject({
      invoice_id: invoice.id,
      customer_id: 'cust_InvoiceOwner01',
    });
  });

  it.each([
    ['invoice.cancelled', 'cancelled'],
    ['invoice.expired', 'expired'],
  ] as const)(
    'closes the order of an invoice on %s once, however often it is delivered: it takes no more payments',
    async (type, status) => {
      const caller = newAccount();
      const invoice = issuedInvoice();
      const ended = invoiceEvent(caller, type, { ...invoice, status }, 2);
      await deliverAll(caller, invoice, [
        invoiceEvent(caller, 'invoice.issued', invoice),
        ended,
        ended,
      ]);
      expect(await inboxRows(ended.id)).toBe(1);
      expect(await running.streamEvents(invoice.order_id as string)).toEqual([
        'OrderCreated',
        'OrderClosed',
      ]);
      expect((await as(payments, caller).pay(invoice.order_id)).status).toBe(400);
    },
  );

  it('skips the cancellation of an order it never opened (refused: unknown order), and goes on with the next', async () => {
    const caller = newAccount();
    const invoice = issuedInvoice();
    const cancelled = invoiceEvent(caller, 'invoice.cancelled', invoice, 2);
    await deliverAll(caller, invoice, [cancelled]);
    expect(await inboxRows(cancelled.id)).toBe(1);
    expect(await running.streamEvents(invoice.order_id as string)).toEqual([]);
    expect(
      await running.query('SELECT 1 FROM dead_letters WHERE event_id = $1', [cancelled.id]),
    ).toEqual([]);
  });
});
