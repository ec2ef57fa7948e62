import type { IntegrationEvent } from '@platform/contracts';
import { webhookBody, webhookEventOf } from './webhook-payload';

const event = (type: string, data: Record<string, unknown>): IntegrationEvent => ({
  id: 'e1',
  type,
  schema_version: 1,
  account_id: 'acc_1',
  mode: 'test',
  stream_id: 's',
  stream_version: 1,
  occurred_at: 1_700_000_000,
  correlation_id: null,
  causation_id: null,
  data,
});
const payment = { id: 'pay_1', entity: 'payment', amount: 500 };
const order = { id: 'order_1', entity: 'order' };
const shape = (plan: ReturnType<typeof webhookEventOf>) =>
  plan && [
    plan.name,
    plan.contains.map((ref) => [ref.kind, ref.id, ref.entity === null ? 'look up' : 'carried']),
  ];

describe('webhook events of the platform’s events, with what they contain as Razorpay lists it', () => {
  it('order.paid: the payment and the order', () => {
    expect(shape(webhookEventOf(event('order.paid', { order, payment })))).toEqual([
      'order.paid',
      [
        ['payment', 'pay_1', 'carried'],
        ['order', 'order_1', 'carried'],
      ],
    ]);
  });

  it.each(['payment.authorized', 'payment.captured', 'payment.failed'])(
    '%s: the payment',
    (type) => {
      expect(shape(webhookEventOf(event(type, { payment, order: null })))).toEqual([
        type,
        [['payment', 'pay_1', 'carried']],
      ]);
    },
  );

  it('refunds: the refund and its payment, carried or looked up by id', () => {
    const refund = { id: 'rfnd_1', entity: 'refund', payment_id: 'pay_1' };
    expect(shape(webhookEventOf(event('refund.created', { refund, payment })))).toEqual([
      'refund.created',
      [
        ['refund', 'rfnd_1', 'carried'],
        ['payment', 'pay_1', 'carried'],
      ],
    ]);
    expect(shape(webhookEventOf(event('refund.processed', { refund })))).toEqual([
      'refund.processed',
      [
        ['refund', 'rfnd_1', 'carried'],
        ['payment', 'pay_1', 'look up'],
      ],
    ]);
  });

  it('disputes: payment.dispute.*, the payment and the dispute', () => {
    const dispute = { id: 'disp_1', entity: 'dispute', payment_id: 'pay_1' };
    for (const status of ['created', 'under_review', 'won', 'lost', 'closed']) {
      expect(shape(webhookEventOf(event(`dispute.${status}`, { dispute })))).toEqual([
        `payment.dispute.${status}`,
        [
          ['payment', 'pay_1', 'look up'],
          ['dispute', 'disp_1', 'carried'],
        ],
      ]);
    }
  });

  it('invoices: paid ones the payment, the order and the invoice; expired ones the invoice; issued and cancelled none', () => {
    const invoice = { id: 'inv_1', entity: 'invoice', payment_id: 'pay_1', order_id: 'order_1' };
    expect(shape(webhookEventOf(event('invoice.paid', { invoice })))).toEqual([
      'invoice.paid',
      [
        ['payment', 'pay_1', 'look up'],
        ['order', 'order_1', 'look up'],
        ['invoice', 'inv_1', 'carried'],
      ],
    ]);
    expect(shape(webhookEventOf(event('invoice.partially_paid', { invoice })))?.[0]).toBe(
      'invoice.partially_paid',
    );
    expect(
      shape(
        webhookEventOf(event('invoice.expired', { invoice: { ...invoice, payment_id: null } })),
      ),
    ).toEqual(['invoice.expired', [['invoice', 'inv_1', 'carried']]]);
    expect(webhookEventOf(event('invoice.issued', { invoice }))).toBeNull();
    expect(webhookEventOf(event('invoice.cancelled', { invoice }))).toBeNull();
  });

  it('subscriptions: charged and completed with their payment, the others alone, created and expired none', () => {
    const subscription = { id: 'sub_1', entity: 'subscription' };
    expect(
      shape(
        webhookEventOf(
          event('subscription.charged', { subscription, invoice_id: 'inv_1', payment_id: 'pay_1' }),
        ),
      ),
    ).toEqual([
      'subscription.charged',
      [
        ['subscription', 'sub_1', 'carried'],
        ['payment', 'pay_1', 'look up'],
      ],
    ]);
    expect(shape(webhookEventOf(event('subscription.activated', { subscription })))).toEqual([
      'subscription.activated',
      [['subscription', 'sub_1', 'carried']],
    ]);
    expect(webhookEventOf(event('subscription.created', { subscription }))).toBeNull();
    expect(webhookEventOf(event('subscription.expired', { subscription }))).toBeNull();
  });

  it('QR codes: credited ones with the payment', () => {
    const code = { id: 'qr_1', entity: 'qr_code' };
    expect(shape(webhookEventOf(event('qr_code.credited', { qr_code: code, payment })))).toEqual([
      'qr_code.credited',
      [
        ['payment', 'pay_1', 'carried'],
        ['qr_code', 'qr_1', 'carried'],
      ],
    ]);
    expect(shape(webhookEventOf(event('qr_code.closed', { qr_code: code })))).toEqual([
      'qr_code.closed',
      [['qr_code', 'qr_1', 'carried']],
    ]);
  });

  it.each(['payment_link.paid', 'payment_link.partially_paid'])(
    '%s: the link, its order and the payment, in Razorpay’s order',
    (type) => {
      const link = { id: 'plink_1', status: 'paid' };
      expect(shape(webhookEventOf(event(type, { payment_link: link, order, payment })))).toEqual([
        type,
        [
          ['payment_link', 'plink_1', 'carried'],
          ['order', 'order_1', 'carried'],
          ['payment', 'pay_1', 'carried'],
        ],
      ]);
    },
  );

  it.each(['payment_link.cancelled', 'payment_link.expired'])('%s: the link', (type) => {
    const link = { id: 'plink_1', status: 'cancelled' };
    expect(shape(webhookEventOf(event(type, { payment_link: link })))).toEqual([
      type,
      [['payment_link', 'plink_1', 'carried']],
    ]);
  });

  it('settlement.processed once, from the first part of a settlement sent in several', () => {
    const settlement = { id: 'setl_1', entity: 'settlement' };
    expect(
      shape(
        webhookEventOf(
          event('settlement.processed', {
            settlement,
            entry_ids: [],
            entry_count: 9000,
            part: 1,
            parts: 2,
          }),
        ),
      ),
    ).toEqual(['settlement.processed', [['settlement', 'setl_1', 'carried']]]);
    expect(
      webhookEventOf(
        event('settlement.processed', {
          settlement,
          entry_ids: [],
          entry_count: 9000,
          part: 2,
          parts: 2,
        }),
      ),
    ).toBeNull();
    expect(
      webhookEventOf(event('settlement.failed', { settlement, part: 1, parts: 1 })),
    ).toBeNull();
  });

  it('nothing for events integrators have no webhook for', () => {
    expect(webhookEventOf(event('customer.created', { customer: { id: 'cust_1' } }))).toBeNull();
    expect(webhookEventOf(event('test_clock.advanced', {}))).toBeNull();
  });

  it('builds Razorpay’s envelope: entity, account, event, contains in order, each entity under payload.<kind>.entity', () => {
    expect(
      webhookBody(
        'acc_1',
        'order.paid',
        [
          { kind: 'payment', entity: payment },
          { kind: 'order', entity: order },
        ],
        1_700_000_000,
      ),
    ).toEqual({
      entity: 'event',
      account_id: 'acc_1',
      event: 'order.paid',
      contains: ['payment', 'order'],
      payload: { payment: { entity: payment }, order: { entity: order } },
      created_at: 1_700_000_000,
    });
  });
});
