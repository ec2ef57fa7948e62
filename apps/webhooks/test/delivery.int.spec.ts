import 'reflect-metadata';
import { newId } from '@platform/domain-kit';
import { startBroker } from '@platform/embedded-kafka';
import type { ServiceUnderTest, TestCaller } from '@platform/service-testing';
import { createTestDatabase, waitFor } from '@platform/testing-core';
import { validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils';
import { Client } from 'pg';
import { SMTPServer } from 'smtp-server';
import { BREAKER_FAILURES } from '../src/delivery/circuit-breakers';
import { MAX_IN_FLIGHT_PER_WEBHOOK } from '../src/delivery/delivery-dispatcher';
import {
  advanceTestClock,
  as,
  envelope,
  newAccount,
  producerFor,
  query,
  startReceiver,
  startWebhooks,
  startWithBroker,
  stopAll,
} from './webhooks.kit';
import type { WebhooksUnderTest } from './webhooks.kit';

type Row = Record<string, unknown>;
const SECRET = 'whsec_0123456789';
const payment = (overrides: Row = {}) => ({
  id: newId('pay'),
  entity: 'payment',
  amount: 50000,
  currency: 'INR',
  status: 'captured',
  order_id: 'order_Webhook00000001',
  captured: true,
  fee: 1180,
  tax: 180,
  created_at: 1_700_000_000,
  ...overrides,
});
const order = {
  id: 'order_Webhook00000001',
  entity: 'order',
  amount: 50000,
  amount_paid: 50000,
  amount_due: 0,
  status: 'paid',
  receipt: 'rcpt-1',
};

describe('webhook deliveries, to real HTTP endpoints on localhost', () => {
  let running: WebhooksUnderTest;
  let webhooks: ServiceUnderTest;
  let smtp: SMTPServer;
  const mails: { to: string; body: string }[] = [];

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on(
          'end',
          () => (
            mails.push({
              to: session.envelope.rcptTo.map((r) => r.address).join(','),
              body: Buffer.concat(chunks).toString('utf8'),
            }),
            done()
          ),
        );
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as { port: number }).port;
    ({ webhooks } = running = await startWithBroker({
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      SMTP_FROM: 'webhooks@example.com',
    }));
  });

  afterAll(async () => {
    await stopAll(running);
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  const hook = async (caller: TestCaller, url: string, events: string[], more: Row = {}) => {
    const { status, body } = await as(webhooks, caller).post('/v1/webhooks', {
      url,
      events,
      secret: SECRET,
      ...more,
    });
    if (status !== 200) throw new Error(JSON.stringify(body));
    return body['id'] as string;
  };
  const deliveriesOf = async (caller: TestCaller, webhookId: string, filter = '') =>
    (await as(webhooks, caller).get(`/v1/webhooks/${webhookId}/deliveries${filter}`)).body[
      'items'
    ] as Row[];

  it('delivers payment.captured and order.paid in Razorpay’s envelope, signed so the SDK’s validateWebhookSignature accepts them', async () => {
    const receiver = await startReceiver();
    const caller = newAccount();
    await hook(caller, receiver.url, ['payment.captured', 'order.paid']);
    const paid = payment();
    await running.producer.publish(
      envelope(caller, 'payment.authorized', paid.id, {
        payment: { ...paid, status: 'authorized' },
      }),
      envelope(caller, 'payment.captured', paid.id, { payment: paid, order }),
      envelope(caller, 'order.paid', order.id, { order, payment: paid }),
    );
    const received = await waitFor(
      () => (receiver.received.length >= 2 ? receiver.received : null),
      'both deliveries',
    );
    const bodies = received.map((r) => JSON.parse(r.body) as Row);
    expect(bodies.map((b) => b['event']).sort()).toEqual(['order.paid', 'payment.captured']);
    expect(bodies.find((b) => b['event'] === 'order.paid')).toEqual({
      entity: 'event',
      account_id: caller.accountId,
      event: 'order.paid',
      contains: ['payment', 'order'],
      payload: { payment: { entity: paid }, order: { entity: order } },
      created_at: expect.any(Number),
    });
    for (const request of received) {
      expect(request.headers).toMatchObject({
        'content-type': 'application/json',
        'user-agent': expect.stringMatching(/Payments-Platform-Webhooks/),
        'x-razorpay-event-id': expect.stringMatching(/^evt_[0-9A-Za-z]{14}$/),
      });
      expect(
        validateWebhookSignature(
          request.body,
          request.headers['x-razorpay-signature'] as string,
          SECRET,
        ),
      ).toBe(true);
      expect(
        validateWebhookSignature(
          request.body,
          request.headers['x-razorpay-signature'] as string,
          'another secret',
        ),
      ).toBe(false);
    }
    await receiver.close();
  });

  it('retries a failing endpoint on the account’s clock until it answers, with the same event id, and shows every attempt', async () => {
    const receiver = await startReceiver({ answers: [500, 500, 500] });
    const caller = newAccount();
    const webhookId = await hook(caller, receiver.url, ['payment.captured']);
    const paid = payment();
    await running.producer.publish(
      envelope(caller, 'payment.captured', paid.id, { payment: paid, order: null }),
    );
    await waitFor(() => receiver.received.length === 1, 'the first attempt');
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(receiver.received).toHaveLength(1); // the retry waits for the account's clock
    for (const [offset, attempts] of [
      [45, 2],
      [125, 3],
      [300, 4],
    ] as const) {
      await advanceTestClock(running.broker, caller.accountId, offset);
      await waitFor(() => receiver.received.length === attempts, `attempt ${attempts}`);
    }
    expect(new Set(receiver.received.map((r) => r.headers['x-razorpay-event-id'])).size).toBe(1);
    expect(new Set(receiver.received.map((r) => r.body)).size).toBe(1);
    const [delivery] = await waitFor(async () => {
      const items = await deliveriesOf(caller, webhookId);
      return items[0]?.['status'] === 'delivered' ? items : null;
    }, 'the delivery recorded');
    expect(delivery).toMatchObject({
      entity: 'webhook.delivery',
      event: 'payment.captured',
      event_id: receiver.received[0].headers['x-razorpay-event-id'],
      attempt_count: 4,
      last_status_code: 200,
      next_attempt_at: null,
    });
    expect((delivery['attempts'] as Row[]).map((a) => a['status_code'])).toEqual([
      500, 500, 500, 200,
    ]);
    expect(
      (delivery['attempts'] as Row[]).every(
        (a) => typeof a['latency_ms'] === 'number' && typeof a['attempted_at'] === 'number',
      ),
    ).toBe(true);
    expect(await deliveriesOf(caller, webhookId, '?status=failed')).toEqual([]);
    expect(await deliveriesOf(caller, webhookId, `?event_id=${delivery['event_id']}`)).toHaveLength(
      1,
    );
    const again = await as(webhooks, caller, 300).post(
      `/v1/webhooks/${webhookId}/deliveries/${delivery['id']}/retry`,
    );
    expect(again.body).toMatchObject({ id: delivery['id'], status: 'pending' });
    await waitFor(() => receiver.received.length === 5, 'the manual retry');
    await receiver.close();
  });

  it('disables a webhook whose endpoint failed for 24 hours of the test clock, and tells its alert_email', async () => {
    const receiver = await startReceiver({ fallback: 503 });
    const caller = newAccount();
    const webhookId = await hook(caller, receiver.url, ['payment.captured'], {
      alert_email: 'alerts@merchant.example',
    });
    await running.producer.publish(
      envelope(caller, 'payment.captured', newId('pay'), { payment: payment(), order: null }),
    );
    await waitFor(() => receiver.received.length === 1, 'the first attempt');
    let attempts = 1;
    for (const hours of [1, 6, 12, 20, 24.1]) {
      await advanceTestClock(running.broker, caller.accountId, Math.round(hours * 3600));
      await waitFor(() => receiver.received.length > attempts, `an attempt at ${hours} h`);
      attempts = receiver.received.length;
    }
    const disabled = await waitFor(async () => {
      const { body } = await as(webhooks, caller).get(`/v1/webhooks/${webhookId}`);
      return body['active'] === false ? body : null;
    }, 'the webhook to be disabled');
    expect(disabled['disabled_at']).toBeGreaterThan(0);
    const [delivery] = await deliveriesOf(caller, webhookId);
    expect(delivery).toMatchObject({ status: 'failed', last_status_code: 503 });
    const mail = await waitFor(
      () => mails.find((m) => m.to === 'alerts@merchant.example'),
      'the alert e-mail',
    );
    expect(mail.body).toContain(webhookId);
    expect(await webhooks.scrapeMetrics()).toMatch(/^webhooks_disabled_total [1-9]\d*$/m);
    // Edited back on, it takes deliveries again.
    expect(
      (await as(webhooks, caller).put(`/v1/webhooks/${webhookId}`, { active: true })).body,
    ).toMatchObject({ active: true, disabled_at: 0 });
    await receiver.close();
  });

  it('never sends a test-mode event to a live webhook, nor an account’s events to another’s', async () => {
    const receiver = await startReceiver();
    const [mine, theirs] = [newAccount(), newAccount()];
    await hook(mine, receiver.url, ['payment.captured']);
    const live = await hook({ ...mine, mode: 'live' }, 'https://hooks.example.com/live', [
      'payment.captured',
    ]);
    await running.producer.publish(
      envelope(theirs, 'payment.captured', newId('pay'), { payment: payment(), order: null }),
    );
    const marker = payment();
    await running.producer.publish(
      envelope(mine, 'payment.captured', marker.id, { payment: marker, order: null }),
    );
    await waitFor(() => receiver.received.length >= 1, 'the delivery');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(
      receiver.received.map((r) => (JSON.parse(r.body) as { account_id: string }).account_id),
    ).toEqual([mine.accountId]);
    expect(
      await query(
        webhooks,
        'SELECT count(*)::int AS n FROM webhook_deliveries WHERE webhook_id = $1',
        [live],
      ),
    ).toEqual([{ n: 0 }]);
    await receiver.close();
  });

  it('passes by an account without a webhook before any transaction, remembering it seen, and delivers once to one made the moment before its event', async () => {
    const receiver = await startReceiver();
    const [without, fresh] = [newAccount(), newAccount()];
    const streamId = newId('pay'); // one partition for both accounts' events, in this order
    const unwatched = envelope(without, 'payment.captured', streamId, {
      payment: payment({ id: streamId }),
      order: null,
    });
    // The webhook committed, its event published right after (no wait for any cache to learn of it).
    const webhookId = await hook(fresh, receiver.url, ['payment.captured']);
    const watched = envelope(fresh, 'payment.captured', streamId, {
      payment: payment({ id: streamId }),
      order: null,
    });
    await running.producer.publish(unwatched, watched);
    await waitFor(() => receiver.received.length >= 1, 'the delivery');
    const inboxRows = (eventId: string) =>
      query(webhooks, 'SELECT count(*)::int AS n FROM inbox WHERE message_id = $1', [eventId]);
    expect(await inboxRows(unwatched.id)).toEqual([{ n: 1 }]); // remembered, with no effect
    expect(
      await query(
        webhooks,
        'SELECT count(*)::int AS n FROM entity_snapshots WHERE account_id = $1',
        [without.accountId],
      ),
    ).toEqual([{ n: 0 }]);
    expect(await inboxRows(watched.id)).toEqual([{ n: 1 }]);
    // Delivered again (a redelivery), then a marker behind it: still one delivery of the event.
    const marker = envelope(fresh, 'payment.captured', streamId, {
      payment: payment({ id: streamId }),
      order: null,
    });
    await running.producer.publish(watched, unwatched, marker);
    await waitFor(() => receiver.received.length >= 2, 'the marker’s delivery');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const eventIds = receiver.received.map((r) => r.headers['x-razorpay-event-id']);
    expect(eventIds).toHaveLength(2);
    expect(new Set(eventIds).size).toBe(2);
    expect(await deliveriesOf(fresh, webhookId)).toHaveLength(2);
    expect(await inboxRows(unwatched.id)).toEqual([{ n: 1 }]);
    await receiver.close();
  });

  it('keeps delivering to a fast endpoint while another webhook’s endpoint takes 4 s to answer', async () => {
    const [slow, fast] = [await startReceiver({ delayMs: 4000 }), await startReceiver()];
    const [patient, hurried] = [newAccount(), newAccount()];
    await hook(patient, slow.url, ['payment.captured']);
    await hook(hurried, fast.url, ['payment.captured']);
    await running.producer.publish(
      ...Array.from({ length: MAX_IN_FLIGHT_PER_WEBHOOK + 4 }, () =>
        envelope(patient, 'payment.captured', newId('pay'), { payment: payment(), order: null }),
      ),
    );
    await waitFor(() => slow.received.length >= 1, 'the slow endpoint to be called');
    const sentAt = Date.now();
    await running.producer.publish(
      envelope(hurried, 'payment.captured', newId('pay'), { payment: payment(), order: null }),
    );
    await waitFor(() => fast.received.length === 1, 'the fast delivery');
    expect(Date.now() - sentAt).toBeLessThan(2000);
    expect(slow.received.length).toBeLessThanOrEqual(MAX_IN_FLIGHT_PER_WEBHOOK); // a bounded number at a time per webhook
    await Promise.all([slow.close(), fast.close()]);
  });

  it('keeps sending to an endpoint while its answered attempts wait to be written', async () => {
    const receiver = await startReceiver();
    const caller = newAccount();
    const webhookId = await hook(caller, receiver.url, ['payment.captured']);
    const count = MAX_IN_FLIGHT_PER_WEBHOOK * 3;
    // Attempts cannot be written while this lock is held; intake and claims go on.
    const blocker = new Client({ connectionString: webhooks.databaseUrl });
    await blocker.connect();
    await blocker.query('BEGIN');
    await blocker.query('LOCK TABLE webhook_attempts IN EXCLUSIVE MODE');
    try {
      await running.producer.publish(
        ...Array.from({ length: count }, () =>
          envelope(caller, 'payment.captured', newId('pay'), { payment: payment(), order: null }),
        ),
      );
      await waitFor(
        () => receiver.received.length === count,
        `all ${count} deliveries while no attempt could be written`,
        15_000,
      );
    } finally {
      await blocker.query('ROLLBACK');
      await blocker.end();
    }
    await waitFor(
      async () =>
        (
          await query<{ n: number }>(
            webhooks,
            `SELECT count(*)::int AS n FROM webhook_deliveries WHERE webhook_id = $1 AND status = 'delivered'`,
            [webhookId],
          )
        )[0].n === count,
      'every delivery recorded as delivered once the lock is gone',
    );
    expect(receiver.received).toHaveLength(count); // none sent twice
    await receiver.close();
  });

  it('pauses a dead endpoint after 10 failures in a row, while the same account’s other webhook gets every delivery', async () => {
    const healthy = await startReceiver();
    const caller = newAccount();
    const dead = await hook(caller, 'http://127.0.0.1:1/gone', ['payment.captured']);
    await hook(caller, healthy.url, ['payment.captured']);
    await running.producer.publish(
      ...Array.from({ length: 30 }, () =>
        envelope(caller, 'payment.captured', newId('pay'), { payment: payment(), order: null }),
      ),
    );
    await waitFor(() => healthy.received.length === 30, 'every delivery to the healthy endpoint');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const [{ attempts, pending }] = await query<{ attempts: number; pending: number }>(
      webhooks,
      `SELECT (SELECT count(*)::int FROM webhook_attempts a JOIN webhook_deliveries d ON d.id = a.delivery_id WHERE d.webhook_id = $1) AS attempts,
              (SELECT count(*)::int FROM webhook_deliveries WHERE webhook_id = $1 AND status = 'pending') AS pending`,
      [dead],
    );
    expect(attempts).toBeGreaterThanOrEqual(BREAKER_FAILURES);
    expect(attempts).toBeLessThan(BREAKER_FAILURES + MAX_IN_FLIGHT_PER_WEBHOOK);
    expect(pending).toBe(30);
    // What an SRE sees: the paused webhook, the failed attempts beside the delivered ones.
    const metrics = await webhooks.scrapeMetrics();
    expect(Number(/^webhook_breakers_open (\d+)$/m.exec(metrics)?.[1])).toBeGreaterThanOrEqual(1); // this one, and any other test's dead endpoint
    expect(
      Number(/^webhook_attempts_total\{outcome="failed"\} (\d+)$/m.exec(metrics)?.[1]),
    ).toBeGreaterThanOrEqual(BREAKER_FAILURES);
    expect(
      Number(/^webhook_attempts_total\{outcome="delivered"\} (\d+)$/m.exec(metrics)?.[1]),
    ).toBeGreaterThanOrEqual(30);
    expect(metrics).toMatch(/^webhook_first_attempt_lag_seconds_count [1-9]\d*$/m);
    await healthy.close();
  });
});

describe('webhook deliveries across restarts and against SSRF', () => {
  it('loses no delivery when the service and the broker restart in the middle', async () => {
    const database = await createTestDatabase();
    let broker = await startBroker({ port: 0, dataDir: undefined });
    const port = Number(broker.brokers[0].split(':')[1]);
    const receiver = await startReceiver({ answers: [500] });
    const caller = newAccount();
    let webhooks = await startWebhooks(broker, {}, database.url);
    await as(webhooks, caller).post('/v1/webhooks', {
      url: receiver.url,
      events: ['payment.captured'],
      secret: SECRET,
    });
    let producer = await producerFor(broker);
    await producer.publish(
      envelope(caller, 'payment.captured', newId('pay'), { payment: payment(), order: null }),
    );
    await waitFor(() => receiver.received.length === 1, 'the first, failed attempt');
    await producer.disconnect();
    await webhooks.app.close();
    await broker.stop();
    // Back on the same port with a fresh broker (the dev broker keeps nothing in memory mode): the
    // pending delivery lives in the database, and an event sent while the service was away waits in Kafka.
    broker = await startBroker({ port });
    webhooks = await startWebhooks(broker, {}, database.url);
    producer = await producerFor(broker);
    await producer.publish(
      envelope(caller, 'payment.captured', newId('pay'), { payment: payment(), order: null }),
    );
    await advanceTestClock(broker, caller.accountId, 60);
    await waitFor(() => receiver.received.length === 3, 'the retry and the new event');
    expect(new Set(receiver.received.map((r) => r.headers['x-razorpay-event-id'])).size).toBe(2);
    await producer.disconnect();
    await webhooks.app.close();
    await broker.stop();
    await receiver.close();
    await database.drop();
  });

  it('refuses to connect to a private address at delivery time, even for a webhook created when it was allowed', async () => {
    const database = await createTestDatabase();
    const first = await startBroker({ port: 0 });
    const receiver = await startReceiver();
    const caller = newAccount();
    const permissive = await startWebhooks(first, {}, database.url);
    const { body } = await as(permissive, caller).post('/v1/webhooks', {
      url: receiver.url.replace('127.0.0.1', 'localhost'),
      events: ['payment.captured'],
      secret: SECRET,
    });
    await permissive.app.close();
    await first.stop();
    // A broker of its own: the consumer group starts afresh, with no member of the first instance to wait out.
    const broker = await startBroker({ port: 0 });
    const strict = await startWebhooks(
      broker,
      { WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' },
      database.url,
    );
    const producer = await producerFor(broker);
    await producer.publish(
      envelope(caller, 'payment.captured', newId('pay'), { payment: payment(), order: null }),
    );
    const [delivery] = await waitFor(async () => {
      const items = (await as(strict, caller).get(`/v1/webhooks/${body['id']}/deliveries`)).body[
        'items'
      ] as Row[];
      return items[0]?.['attempt_count'] === 1 ? items : null;
    }, 'the refused attempt');
    expect(delivery).toMatchObject({
      status: 'pending',
      last_status_code: null,
      last_error: expect.stringMatching(/not a public address/),
    });
    expect(receiver.received).toHaveLength(0);
    expect(await query(strict, 'SELECT count(*)::int AS n FROM webhook_attempts')).toEqual([
      { n: 1 },
    ]);
    await producer.disconnect();
    await strict.app.close();
    await broker.stop();
    await receiver.close();
    await database.drop();
  });
});
