import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type { PublishedPaymentEvent } from '@platform/contracts';
import type { ServiceUnderTest } from '@platform/service-testing';
import { waitFor } from '@platform/testing-core';
import type { Producer } from 'kafkajs';
import { DataSource } from 'typeorm';
import { INVOICE_PAYMENTS_CONSUMER } from '../src/invoice/on-invoice-payment.consumer';
import { startBillingWithBroker } from './billing.kit';
import type { BillingWithBroker } from './billing.kit';

const CALLER = { accountId: 'acc_InboxTxn000001', mode: 'test' as const };
const CUSTOMER = { name: 'Gaurav Kumar', email: 'gaurav.kumar@example.com' };

/** payments' `payment.captured` for an invoice's order, as much of it as billing reads. */
function capturedFor(invoice: {
  id: string;
  order_id: string;
  amount: number;
}): PublishedPaymentEvent {
  const paymentId = `pay_${randomUUID().replace(/-/g, '').slice(0, 14)}`;
  const payment = {
    id: paymentId,
    entity: 'payment',
    amount: invoice.amount,
    currency: 'INR',
    status: 'captured',
    order_id: invoice.order_id,
    invoice_id: invoice.id,
    method: 'card',
    captured: true,
    email: '',
    contact: '',
  };
  return {
    id: randomUUID(),
    type: 'payment.captured',
    schema_version: 1,
    account_id: CALLER.accountId,
    mode: CALLER.mode,
    stream_id: paymentId,
    stream_version: 2,
    occurred_at: Math.floor(Date.now() / 1000),
    correlation_id: null,
    causation_id: null,
    data: { payment },
  } as unknown as PublishedPaymentEvent;
}

describe('billing records an invoice payment in the inbox transaction', () => {
  let billing: ServiceUnderTest;
  let producer: Producer;
  let dataSource: DataSource;

  /** What the payment left behind: its event on the invoice's stream, and the consumer's inbox row. */
  const traces = async (invoiceId: string, event: PublishedPaymentEvent) => {
    const [row] = await dataSource.query(
      `SELECT (SELECT count(*)::int FROM events WHERE stream_id = $1 AND type = 'InvoicePaymentRecorded') AS recorded,
              (SELECT count(*)::int FROM inbox WHERE consumer = $2 AND message_id = $3) AS inbox`,
      [invoiceId, INVOICE_PAYMENTS_CONSUMER, event.id],
    );
    return row as { recorded: number; inbox: number };
  };
  const send = (event: PublishedPaymentEvent) =>
    producer.send({
      topic: 'payments.payment',
      messages: [{ key: event.stream_id, value: JSON.stringify(event) }],
    });

  let running: BillingWithBroker;

  beforeAll(async () => {
    ({ billing, producer } = running = await startBillingWithBroker());
    dataSource = billing.app.get(DataSource);
  });
  afterAll(() => running.stop());

  it('rolls the payment back with the inbox row when the transaction fails after the effect, and applies it once on the retry', async () => {
    const { status, body } = await billing.call({
      method: 'POST',
      url: '/v1/invoices',
      caller: CALLER,
      body: { customer: CUSTOMER, line_items: [{ name: 'Consulting', amount: 50000 }] },
    });
    expect(status).toBe(200);
    const invoice = body as { id: string; order_id: string; amount: number };
    // The consumer's commit fails after the payment was recorded (a deferred check on its inbox row),
    // until the trigger is dropped. A command committed on a connection of its own would stay.
    const payment = capturedFor(invoice);
    await dataSource.query(
      `CREATE FUNCTION refuse_commit() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'commit refused for %', NEW.message_id; END $$`,
    );
    await dataSource.query(
      `CREATE CONSTRAINT TRIGGER refuse_commit AFTER INSERT ON inbox DEFERRABLE INITIALLY DEFERRED FOR EACH ROW
       WHEN (NEW.message_id = '${payment.id}' AND NEW.consumer = '${INVOICE_PAYMENTS_CONSUMER}') EXECUTE FUNCTION refuse_commit()`,
    );
    await send(payment);
    const [letter] = await waitFor(async () => {
      const rows = await dataSource.query(
        'SELECT id, attempts, error FROM dead_letters WHERE event_id = $1 AND consumer = $2',
        [payment.id, INVOICE_PAYMENTS_CONSUMER],
      );
      return rows.length > 0 ? (rows as { id: string; attempts: number; error: string }[]) : null;
    }, 'the payment to fail at every commit');
    expect(letter.error).toContain(`commit refused for ${payment.id}`);
    // Every attempt recorded the payment, and every failed commit took it away with the inbox row.
    expect(await traces(invoice.id, payment)).toEqual({ recorded: 0, inbox: 0 });
    expect(
      (await billing.call({ method: 'GET', url: `/v1/invoices/${invoice.id}`, caller: CALLER }))
        .body,
    ).toMatchObject({ status: 'issued', amount_paid: 0 });

    await dataSource.query('DROP TRIGGER refuse_commit ON inbox');
    expect(
      await billing.call({
        method: 'POST',
        url: `/internal/dead-letters/${letter.id}/replay`,
        caller: null,
      }),
    ).toEqual({ status: 200, body: { id: letter.id, outcome: 'replayed' } });
    expect(await traces(invoice.id, payment)).toEqual({ recorded: 1, inbox: 1 });
    // The same message once more (a redelivery): the inbox knows it.
    await send(payment);
    const marker = capturedFor({ ...invoice, id: 'inv_NotAnInvoice01' });
    await send(marker);
    await waitFor(
      async () =>
        (await dataSource.query('SELECT 1 FROM inbox WHERE message_id = $1', [marker.id])).length >
        0,
      'the message after the redelivery',
    );
    expect(await traces(invoice.id, payment)).toEqual({ recorded: 1, inbox: 1 });
    expect(
      (await billing.call({ method: 'GET', url: `/v1/invoices/${invoice.id}`, caller: CALLER }))
        .body,
    ).toMatchObject({ status: 'paid', amount_paid: invoice.amount });
  });
});
