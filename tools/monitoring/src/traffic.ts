import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Razorpay from 'razorpay';
import type { KeyPair } from '@platform/platform-launcher';

export interface TrafficSummary {
  iterations: number;
  requests: number;
  /** Answers by status code, of the calls made. */
  statuses: Record<number, number>;
  webhookDeliveries: number;
}

const CARD = {
  number: '4111111111111111',
  name: 'Gaurav Kumar',
  expiry_month: 12,
  expiry_year: 2035,
  cvv: '123',
};

/**
 * An integration's traffic through the gateway for `durationMs`: customers, orders, a card payment
 * from the checkout simulator, its capture and a partial refund (the official SDK where it has the
 * call, plain HTTP for the simulator), a refused request now and then, and a webhook whose
 * deliveries a local receiver takes. The optimum refunds give the schedulers due work. The test
 * clock stays put: an event in flight while it moves reads as a day late in
 * webhook_first_attempt_lag_seconds, which is on the account's clock.
 */
export async function driveTraffic(
  baseUrl: string,
  key: KeyPair,
  durationMs: number,
): Promise<TrafficSummary> {
  const summary: TrafficSummary = {
    iterations: 0,
    requests: 0,
    statuses: {},
    webhookDeliveries: 0,
  };
  const count = (status: number) => {
    summary.requests++;
    summary.statuses[status] = (summary.statuses[status] ?? 0) + 1;
  };
  const call = async (method: string, path: string, body?: unknown) => {
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers: {
        authorization: `Basic ${Buffer.from(`${key.id}:${key.secret}`).toString('base64')}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    count(response.status);
    return (await response.json()) as Record<string, unknown>;
  };
  const rzp = sdk(baseUrl, key);
  const viaSdk = async <T>(request: Promise<T>): Promise<T> => {
    const answer = await request;
    count(200);
    return answer;
  };

  const receiver = createServer((request, response) => {
    request.resume().on('end', () => {
      summary.webhookDeliveries++;
      response.writeHead(200).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    await call('POST', '/v1/webhooks', {
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`,
      events: ['payment.authorized', 'payment.captured', 'order.paid', 'refund.created'],
      secret: `whsec_${randomBytes(8).toString('hex')}`,
    });
    const tag = randomBytes(4).toString('hex');
    for (const until = Date.now() + durationMs; Date.now() < until; summary.iterations++) {
      const i = summary.iterations;
      await viaSdk(
        rzp.customers.create({
          name: `Monitoring Customer ${i}`,
          email: `monitoring.${tag}.${i}@example.com`,
          fail_existing: 0,
        }),
      );
      const order = await viaSdk(
        rzp.orders.create({ amount: 50_000 + i, currency: 'INR', receipt: `mon-${tag}-${i}` }),
      );
      const { razorpay_payment_id: paymentId } = (await call('POST', '/v1/simulator/payments', {
        order_id: order.id,
        method: 'card',
        card: CARD,
      })) as { razorpay_payment_id: string };
      await viaSdk(rzp.payments.capture(paymentId, 50_000 + i, 'INR'));
      await viaSdk(rzp.payments.refund(paymentId, { amount: 10_000, speed: 'optimum' }));
      await viaSdk(rzp.payments.fetch(paymentId));
      if (i % 3 === 0) await call('GET', '/v1/payments/pay_DoesNotExist01'); // a 400, as integrations make
    }
  } finally {
    receiver.closeAllConnections(); // the webhooks service keeps its connections alive
    await new Promise((resolve) => receiver.close(resolve));
  }
  return summary;
}

/** The official SDK, unchanged, pointed at the platform (it hard-codes its host; this is the documented way round it). */
function sdk(baseUrl: string, key: KeyPair): Razorpay {
  const client = new Razorpay({ key_id: key.id, key_secret: key.secret });
  (
    client as unknown as { api: { rq: { defaults: { baseURL: string } } } }
  ).api.rq.defaults.baseURL = baseUrl;
  return client;
}
