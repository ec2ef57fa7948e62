import { randomBytes } from 'node:crypto';
import { VISA } from './support/fixtures';
import { call, newAccount, platform, sdk, until } from './support/platform';
import type { PlatformAccount } from './support/platform';
import type { CollectedSpan } from './support/trace-collector';

const basicAuth = (key: { id: string; secret: string }) =>
  `Basic ${Buffer.from(`${key.id}:${key.secret}`).toString('base64')}`;

/** The platform exports traces over OTLP (the e2e platform to a collector of the test's own). */
describe('Tracing: one trace from a capture request to every service that reacts to it', () => {
  let merchant: PlatformAccount;
  beforeAll(async () => (merchant = await newAccount('Tracing E2E')));

  const spansOf = async (traceId: string): Promise<CollectedSpan[]> =>
    ((await (await fetch(`${platform.traceCollector}/spans`)).json()) as CollectedSpan[]).filter(
      (span) => span.traceId === traceId,
    );

  it('carries the caller’s traceparent through the gateway, payments, Kafka and the consumers of payment.captured', async () => {
    const order = await sdk(merchant.test).orders.create({
      amount: 50000,
      currency: 'INR',
      receipt: 'traced',
    });
    const paid = await call(merchant.test, 'POST', '/v1/simulator/payments', {
      order_id: order.id,
      method: 'card',
      card: VISA,
    });
    const paymentId = paid.body['razorpay_payment_id'] as string;
    const traceId = randomBytes(16).toString('hex');
    const captured = await fetch(`${platform.baseUrl}/v1/payments/${paymentId}/capture`, {
      method: 'POST',
      headers: {
        authorization: basicAuth(merchant.test),
        'content-type': 'application/json',
        traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01`,
      },
      body: JSON.stringify({ amount: 50000, currency: 'INR' }),
    });
    expect(captured.status).toBe(200);

    const spans = await until(
      async () => {
        const found = await spansOf(traceId);
        const services = new Set(found.map((span) => span.service));
        return (
          // Billing passes a plain order's capture by before any work (no span): settlements posts it.
          ['gateway', 'payments', 'settlements'].every((service) => services.has(service)) && found
        );
      },
      'the capture’s spans from the gateway, payments and settlements',
      30_000,
    );
    expect(spans).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ service: 'gateway', name: 'POST /v1/payments/:id/capture' }),
        expect.objectContaining({ service: 'payments', name: 'POST /v1/payments/:id/capture' }),
        expect.objectContaining({ service: 'settlements', name: 'payments.payment process' }),
      ]),
    );
    // payments' span is the gateway's child: the hop between processes keeps the parent.
    const gateway = spans.find((span) => span.service === 'gateway') as CollectedSpan;
    const payments = spans.find(
      (span) => span.service === 'payments' && span.name.startsWith('POST'),
    ) as CollectedSpan;
    expect(payments.parentSpanId).toBe(gateway.spanId);
  });
});
