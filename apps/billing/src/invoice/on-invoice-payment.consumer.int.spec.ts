import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { PublishedPaymentEvent } from '@platform/contracts';
import { newId } from '@platform/domain-kit';
import { consumerInbox } from '@platform/service-testing';
import type { ServiceUnderTest, TestCaller } from '@platform/service-testing';
import type { Producer } from 'kafkajs';
import { DataSource } from 'typeorm';
import { okCall, startBillingWithBroker } from '../../test/billing.kit';
import type { BillingWithBroker } from '../../test/billing.kit';
import { deliverThenMark, paymentEvent } from '../../test/payment-events';
import type { PaymentOf } from '../../test/payment-events';
import { INVOICE_PAYMENTS_CONSUMER } from './on-invoice-payment.consumer';

const newAccount = (): TestCaller => ({
  accountId: `acc_InvPay${randomUUID().replace(/-/g, '').slice(0, 10)}`,
  mode: 'test',
});

describe('billing counts each captured payment towards its invoice once (payments.payment)', () => {
  let billing: ServiceUnderTest;
  let producer: Producer;

  let running: BillingWithBroker;

  beforeAll(async () => ({ billing, producer } = running = await startBillingWithBroker()));
  afterAll(() => running.stop());

  const query = (text: string, values: unknown[]) =>
    billing.app.get(DataSource).query(text, values) as Promise<Record<string, unknown>[]>;
  const { rows: inboxRows } = consumerInbox(() => billing, INVOICE_PAYMENTS_CONSUMER);
  /** The events a payment makes on the invoice's stream (a notification job may add others meanwhile). */
  const paymentEvents = async (invoiceId: string) =>
    (
      await query(
        `SELECT type FROM events WHERE stream_id = $1 AND type IN ('InvoicePaymentRecorded', 'InvoicePaymentRejected', 'InvoicePaid') ORDER BY version`,
        [invoiceId],
      )
    ).map((row) => row['type']);
  const deliverAll = (caller: TestCaller, payment: PaymentOf, events: PublishedPaymentEvent[]) =>
    deliverThenMark(producer, inboxRows, caller, payment, events);
  const call = (caller: TestCaller, method: 'GET' | 'POST', url: string, body?: unknown) =>
    okCall(billing, caller, method, url, body);
  /** An issued invoice of 50,000 and a payment of all of it on the invoice's order. */
  const issuedInvoice = async (caller: TestCaller) => {
    const invoice = await call(caller, 'POST', '/v1/invoices', {
      customer: { name: 'Gaurav Kumar', email: 'gaurav.kumar@example.com' },
      line_items: [{ name: 'Consulting', amount: 50000 }],
    });
    const payment: PaymentOf = {
      id: newId('pay'),
      amount: 50000,
      orderId: invoice['order_id'] as string,
      invoiceId: invoice['id'] as string,
    };
    return { invoiceId: invoice['id'] as string, payment };
  };

  it('records a payment once, however often it is delivered, and the invoice is paid', async () => {
    const caller = newAccount();
    const { invoiceId, payment } = await issuedInvoice(caller);
    const captured = paymentEvent(caller, 'payment.captured', payment);
    await deliverAll(caller, payment, [captured, captured]);
    expect(await inboxRows(captured.id)).toBe(1);
    expect(await paymentEvents(invoiceId)).toEqual(['InvoicePaymentRecorded', 'InvoicePaid']);
    expect(await call(caller, 'GET', `/v1/invoices/${invoiceId}`)).toMatchObject({
      status: 'paid',
      amount_paid: 50000,
      amount_due: 0,
      payment_id: payment.id,
    });
  });

  it('counts nothing for a payment that failed or is only authorized', async () => {
    const caller = newAccount();
    const { invoiceId, payment } = await issuedInvoice(caller);
    const failed = paymentEvent(caller, 'payment.failed', payment);
    await deliverAll(caller, payment, [failed]);
    // Not a type it takes: passed by before any transaction, with no row in its inbox.
    expect(await inboxRows(failed.id)).toBe(0);
    expect(await paymentEvents(invoiceId)).toEqual([]);
  });

  it('rejects, once, a payment of an invoice cancelled before it arrived (payments refunds it)', async () => {
    const caller = newAccount();
    const { invoiceId, payment } = await issuedInvoice(caller);
    await call(caller, 'POST', `/v1/invoices/${invoiceId}/cancel`);
    const captured = paymentEvent(caller, 'payment.captured', payment);
    await deliverAll(caller, payment, [captured, captured]);
    expect(await inboxRows(captured.id)).toBe(1);
    expect(await paymentEvents(invoiceId)).toEqual(['InvoicePaymentRejected']);
    expect(await call(caller, 'GET', `/v1/invoices/${invoiceId}`)).toMatchObject({
      status: 'cancelled',
      amount_paid: 0,
    });
  });
});
