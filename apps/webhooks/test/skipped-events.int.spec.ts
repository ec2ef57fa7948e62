import 'reflect-metadata';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { IntegrationEvent } from '@platform/contracts';
import { newId } from '@platform/domain-kit';
import type { OutboxFeedPage } from '@platform/messaging';
import type { ServiceUnderTest, TestCaller } from '@platform/service-testing';
import { waitFor } from '@platform/testing-core';
import { DELIVERIES_CONSUMER } from '../src/delivery/delivery-intake';
import {
  as,
  envelope,
  newAccount,
  query,
  startReceiver,
  startWithBroker,
  stopAll,
} from './webhooks.kit';
import type { WebhooksUnderTest } from './webhooks.kit';

type Row = Record<string, unknown>;
const PAYMENTS_TOPIC = 'payments.payment';

/**
 * The payments service as far as the catch-up sees it, over real HTTP: its outbox holds the events
 * a test puts there, each account's own (as `GET /internal/outbox` answers for the caller).
 */
async function startPaymentsOutbox() {
  const outbox: IntegrationEvent[] = [];
  const server: Server = createServer((request, response) => {
    const feed = (request.url ?? '').startsWith('/internal/outbox?');
    const account = String(request.headers['x-account-id']);
    const page: OutboxFeedPage = {
      horizon: '0',
      items: outbox
        .filter((event) => event.account_id === account)
        .map((event) => ({ topic: PAYMENTS_TOPIC, event })),
      next: null,
    };
    response.writeHead(feed ? 200 : 400, { 'content-type': 'application/json' });
    response.end(
      JSON.stringify(
        feed
          ? page
          : { error: { code: 'BAD_REQUEST_ERROR', description: 'The id provided does not exist' } },
      ),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    outbox,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

describe('events of an account with no webhook, remembered as seen', () => {
  let running: WebhooksUnderTest;
  let webhooks: ServiceUnderTest;
  let payments: Awaited<ReturnType<typeof startPaymentsOutbox>>;

  beforeAll(async () => {
    payments = await startPaymentsOutbox();
    ({ webhooks } = running = await startWithBroker({ PAYMENTS_URL: payments.url }));
  });

  afterAll(async () => {
    await stopAll(running);
    await payments.close();
  });

  const captured = (caller: TestCaller) => {
    const id = newId('pay');
    return envelope(caller, 'payment.captured', id, {
      payment: {
        id,
        entity: 'payment',
        amount: 50000,
        currency: 'INR',
        status: 'captured',
        captured: true,
        created_at: 1_700_000_000,
      },
      order: null,
    });
  };
  const hook = async (caller: TestCaller, url: string) => {
    const { status, body } = await as(webhooks, caller).post('/v1/webhooks', {
      url,
      events: ['payment.captured'],
      secret: 'whsec_0123456789',
    });
    if (status !== 200) throw new Error(JSON.stringify(body));
    return body['id'] as string;
  };
  /** The webhook's deliveries, caught up first on the account's events in the payments outbox. */
  const deliveriesOf = async (caller: TestCaller, webhookId: string) => {
    const { status, body } = await as(webhooks, caller).get(
      `/v1/webhooks/${webhookId}/deliveries?count=100`,
    );
    if (status !== 200) throw new Error(JSON.stringify(body));
    return (body['items'] as Row[]).map((delivery) => delivery['event_id']);
  };
  const inboxRows = async (eventId: string) =>
    (
      await query(
        webhooks,
        'SELECT count(*)::int AS n FROM inbox WHERE consumer = $1 AND message_id = $2',
        [DELIVERIES_CONSUMER, eventId],
      )
    )[0]?.['n'];
  type Receiver = Awaited<ReturnType<typeof startReceiver>>;
  /** The payments whose capture each request the receiver got was about. */
  const paymentsReceived = (receiver: Receiver) =>
    receiver.received.map(
      (r) =>
        (JSON.parse(r.body) as { payload: { payment: { entity: { id: string } } } }).payload.payment
          .entity.id,
    );
  const webhookEventIds = (receiver: Receiver) =>
    receiver.received.map((r) => String(r.headers['x-razorpay-event-id'])).sort();

  it('never hands a webhook made later the events from before it, by catch-up or redelivery, and delivers a new one once', async () => {
    const receiver = await startReceiver();
    const caller = newAccount();
    const before = captured(caller);
    payments.outbox.push(before);
    await running.producer.publish(before);
    await waitFor(async () => (await inboxRows(before.id)) === 1, 'the skipped event’s inbox row');
    expect(
      await query(
        webhooks,
        'SELECT count(*)::int AS n FROM entity_snapshots WHERE account_id = $1',
        [caller.accountId],
      ),
    ).toEqual([{ n: 0 }]);

    const webhookId = await hook(caller, receiver.url);
    // The catch-up offers the old event again (it is in the owner's outbox): seen, so no delivery.
    expect(await deliveriesOf(caller, webhookId)).toEqual([]);
    // Kafka delivers it again, then an event from after the webhook was made.
    const after = captured(caller);
    payments.outbox.push(after);
    await running.producer.publish(before, after);
    await waitFor(() => receiver.received.length >= 1, 'the new event’s delivery');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(paymentsReceived(receiver)).toEqual([after.stream_id]);
    expect(await deliveriesOf(caller, webhookId)).toEqual(webhookEventIds(receiver));
    expect(await inboxRows(before.id)).toBe(1);
    await receiver.close();
  });

  it('delivers every event of an account with a webhook exactly once, 20 at once by Kafka and catch-up together', async () => {
    const receiver = await startReceiver();
    const caller = newAccount();
    const webhookId = await hook(caller, receiver.url);
    const events = Array.from({ length: 20 }, () => captured(caller));
    payments.outbox.push(...events);
    await Promise.all([
      ...events.map((event) => running.producer.publish(event)),
      ...events.map(() => deliveriesOf(caller, webhookId)),
    ]);
    await waitFor(() => receiver.received.length >= events.length, 'the 20 deliveries');
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(paymentsReceived(receiver).sort()).toEqual(
      events.map((event) => event.stream_id).sort(),
    );
    expect((await deliveriesOf(caller, webhookId)).sort()).toEqual(webhookEventIds(receiver));
    await receiver.close();
  });
});
