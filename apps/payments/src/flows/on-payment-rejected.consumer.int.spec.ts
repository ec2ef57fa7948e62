import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import type {
  InvoicePaymentRejectedEvent,
  PaymentRejectionReason,
  PublishedSubscriptionEvent,
} from '@platform/contracts';
import type { RunningBroker } from '@platform/embedded-kafka';
import { startTestBroker } from '@platform/service-testing';
import type { ServiceUnderTest, TestCaller } from '@platform/service-testing';
import { waitFor } from '@platform/testing-core';
import { Kafka, logLevel } from 'kafkajs';
import type { Consumer, Producer } from 'kafkajs';
import { DataSource } from 'typeorm';
import { billingInvoice } from '../../test/billing-events';
import { as, newAccount, startPayments } from '../../test/payments.kit';
import {
  LATE_INVOICE_PAYMENTS_CONSUMER,
  LATE_SUBSCRIPTION_PAYMENTS_CONSUMER,
  lateRefundId,
} from './on-payment-rejected.consumer';

const NOW = Math.floor(Date.now() / 1000);

describe('payments refunds in full a payment billing rejected (money that arrived late)', () => {
  let broker: RunningBroker;
  let payments: ServiceUnderTest;
  let producer: Producer;
  let audit: Consumer;
  const refundEvents: { key: string; type: string }[] = [];

  beforeAll(async () => {
    broker = await startTestBroker();
    payments = await startPayments(broker);
    const kafka = new Kafka({ brokers: broker.brokers, logLevel: logLevel.NOTHING });
    producer = kafka.producer();
    await producer.connect();
    audit = kafka.consumer({ groupId: 'late-payments-audit', maxWaitTimeInMs: 200 });
    await audit.connect();
    await audit.subscribe({ topics: ['payments.refund'], fromBeginning: true });
    await audit.run({
      eachMessage: async ({ message }) =>
        void refundEvents.push({
          key: String(message.key),
          type: (JSON.parse(String(message.value)) as { type: string }).type,
        }),
    });
  });

  afterAll(async () => {
    await audit.disconnect();
    await producer.disconnect();
    await payments.close();
    await broker.stop();
  });

  const query = (text: string, values: unknown[]) =>
    payments.app.get(DataSource).query(text, values) as Promise<Record<string, unknown>[]>;
  const handled = (consumer: string, eventId: string) =>
    waitFor(
      async () =>
        (
          await query('SELECT 1 FROM inbox WHERE consumer = $1 AND message_id = $2', [
            consumer,
            eventId,
          ])
        ).length === 1,
      `${eventId} handled`,
    );
  const envelope = (caller: TestCaller, streamId: string) => ({
    id: randomUUID(),
    schema_version: 1,
    account_id: caller.accountId,
    mode: caller.mode,
    stream_id: streamId,
    stream_version: 3,
    occurred_at: NOW,
    correlation_id: null,
    causation_id: null,
  });
  const invoiceRejected = (
    caller: TestCaller,
    paymentId: string,
    reason: PaymentRejectionReason = 'invoice_cancelled',
  ): InvoicePaymentRejectedEvent => {
    const invoice = billingInvoice('inv_LateInvoice00001', 'order_LateOrder000001', {
      status: 'cancelled',
    });
    return {
      ...envelope(caller, invoice.id),
      type: 'invoice.payment_rejected',
      data: { invoice, rejection: { payment_id: paymentId, reason } },
    };
  };
  const subscriptionRejected = (
    caller: TestCaller,
    paymentId: string,
  ): PublishedSubscriptionEvent => {
    const subscription = {
      id: 'sub_LateSubscript001',
      entity: 'subscription',
      status: 'cancelled',
    } as PublishedSubscriptionEvent['data']['subscription'];
    return {
      ...envelope(caller, subscription.id),
      type: 'subscription.payment_rejected',
      data: {
        subscription,
        rejection: { payment_id: paymentId, reason: 'subscription_cancelled' },
      },
    };
  };
  const send = (topic: string, events: { id: string; stream_id: string }[]) =>
    producer.send({
      topic,
      messages: events.map((event) => ({ key: event.stream_id, value: JSON.stringify(event) })),
    });
  const refundsOf = async (caller: TestCaller, paymentId: string) =>
    (await as(payments, caller).get(`/v1/payments/${paymentId}/refunds`)).body['items'] as Record<
      string,
      unknown
    >[];

  it('refunds the payment in full, with refund.created and refund.processed as for any refund, the reason in its notes', async () => {
    const caller = newAccount();
    const paymentId = await as(payments, caller).captured(50000);
    const event = invoiceRejected(caller, paymentId);
    await send('billing.invoice', [event]);
    await handled(LATE_INVOICE_PAYMENTS_CONSUMER, event.id);
    expect((await as(payments, caller).get(`/v1/payments/${paymentId}`)).body).toMatchObject({
      status: 'refunded',
      amount_refunded: 50000,
      refund_status: 'full',
    });
    expect(await refundsOf(caller, paymentId)).toEqual([
      expect.objectContaining({
        id: lateRefundId(paymentId),
        amount: 50000,
        payment_id: paymentId,
        notes: { reason: 'invoice_cancelled', invoice_id: 'inv_LateInvoice00001' },
      }),
    ]);
    await waitFor(
      () =>
        refundEvents.filter((published) => published.key === lateRefundId(paymentId)).length === 2,
      'refund.created and refund.processed',
    );
    expect(
      refundEvents
        .filter((published) => published.key === lateRefundId(paymentId))
        .map((published) => published.type),
    ).toEqual(['refund.created', 'refund.processed']);
  });

  it('refunds once however many rejections arrive, on both topics at once (20 messages)', async () => {
    const caller = newAccount();
    const paymentId = await as(payments, caller).captured(30000);
    const byInvoice = Array.from({ length: 10 }, () => invoiceRejected(caller, paymentId));
    const bySubscription = Array.from({ length: 10 }, () =>
      subscriptionRejected(caller, paymentId),
    );
    await Promise.all([
      send('billing.invoice', byInvoice),
      send('billing.subscription', bySubscription),
    ]);
    await Promise.all([
      ...byInvoice.map((event) => handled(LATE_INVOICE_PAYMENTS_CONSUMER, event.id)),
      ...bySubscription.map((event) => handled(LATE_SUBSCRIPTION_PAYMENTS_CONSUMER, event.id)),
    ]);
    expect(await refundsOf(caller, paymentId)).toEqual([
      expect.objectContaining({ id: lateRefundId(paymentId), amount: 30000 }),
    ]);
    expect((await as(payments, caller).get(`/v1/payments/${paymentId}`)).body).toMatchObject({
      amount_refunded: 30000,
      refund_status: 'full',
    });
  });

  it('gives back what the merchant had not refunded yet', async () => {
    const caller = newAccount();
    const api = as(payments, caller);
    const paymentId = await api.captured(50000);
    expect((await api.post(`/v1/payments/${paymentId}/refund`, { amount: 20000 })).status).toBe(
      200,
    );
    const event = invoiceRejected(caller, paymentId, 'invoice_expired');
    await send('billing.invoice', [event]);
    await handled(LATE_INVOICE_PAYMENTS_CONSUMER, event.id);
    expect((await refundsOf(caller, paymentId)).map((refund) => refund['amount']).sort()).toEqual([
      20000, 30000,
    ]);
    expect((await api.get(`/v1/payments/${paymentId}`)).body).toMatchObject({
      amount_refunded: 50000,
      refund_status: 'full',
    });
  });

  it('skips a rejection it cannot act on, and leaves the payment alone', async () => {
    const caller = newAccount();
    const paymentId = await as(payments, caller).captured(10000);
    const broken = {
      ...invoiceRejected(caller, paymentId),
      data: {
        invoice: billingInvoice('inv_LateInvoice00001', null),
        rejection: { payment_id: paymentId, reason: 'changed_my_mind' },
      },
    };
    const after = invoiceRejected(caller, 'pay_NoSuchPaymnt01');
    await send('billing.invoice', [broken, after]);
    await handled(LATE_INVOICE_PAYMENTS_CONSUMER, after.id);
    expect((await as(payments, caller).get(`/v1/payments/${paymentId}`)).body).toMatchObject({
      status: 'captured',
      amount_refunded: 0,
    });
  });
});
