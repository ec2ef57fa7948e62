import { VISA } from './support/fixtures';
import { basicAuth, newAccount, platform, sdk } from './support/platform';
import type { KeyPair, PlatformAccount } from './support/platform';

const IN_PROGRESS =
  'Another request with the same idempotency key is still in progress. Retry after it has been answered.';

/** A POST through the gateway with the key pair and extra headers (the SDK sends no idempotency headers). */
async function post(
  key: KeyPair,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${platform.baseUrl}${path}`, {
    method: 'POST',
    headers: {
      authorization: basicAuth(key),
      'content-type': 'application/json',
      ...headers,
    },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    replayed: response.headers.get('idempotent-replayed'),
    body: (await response.json()) as Record<string, unknown>,
  };
}

/** 20 identical requests at once: exactly one runs; the others wait on it (409) or get its answer. */
function expectOneRan(answers: Awaited<ReturnType<typeof post>>[], status: number): string {
  const ran = answers.filter((answer) => answer.status === status);
  for (const answer of answers.filter((other) => other.status !== status)) {
    expect(answer).toMatchObject({
      status: 409,
      body: { error: { code: 'BAD_REQUEST_ERROR', description: IN_PROGRESS } },
    });
  }
  expect(ran.filter((answer) => answer.replayed === null)).toHaveLength(1);
  expect(new Set(ran.map((answer) => answer.body['id'])).size).toBe(1);
  return ran[0].body['id'] as string;
}

describe('Idempotency keys through the gateway, 20 clients retrying at once', () => {
  let merchant: PlatformAccount;
  beforeAll(async () => (merchant = await newAccount('Idempotency E2E')));

  it('creates one order for 20 concurrent POST /v1/orders with one Idempotency-Key', async () => {
    const receipt = `idem-${Date.now()}`;
    const headers = { 'Idempotency-Key': `order-${receipt}` };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(merchant.test, '/v1/orders', { amount: 50000, currency: 'INR', receipt }, headers),
      ),
    );
    const orderId = expectOneRan(answers, 200);

    const rzp = sdk(merchant.test);
    expect((await rzp.orders.all({ receipt })).items.map((order) => order.id)).toEqual([orderId]);
    // A retry after the answer: the same order, marked replayed.
    expect(
      await post(merchant.test, '/v1/orders', { amount: 50000, currency: 'INR', receipt }, headers),
    ).toMatchObject({ status: 200, replayed: 'true', body: { id: orderId } });
    expect(
      await post(merchant.test, '/v1/orders', { amount: 60000, currency: 'INR', receipt }, headers),
    ).toMatchObject({ status: 400, body: { error: { field: 'Idempotency-Key' } } });
  });

  it('creates one refund for 20 concurrent refunds with one X-Refund-Idempotency', async () => {
    const rzp = sdk(merchant.test);
    const order = await rzp.orders.create({
      amount: 50000,
      currency: 'INR',
      receipt: `refund-${Date.now()}`,
    });
    const paid = await post(merchant.test, '/v1/simulator/payments', {
      order_id: order.id,
      method: 'card',
      card: VISA,
    });
    const paymentId = paid.body['razorpay_payment_id'] as string;
    await rzp.payments.capture(paymentId, 50000, 'INR');

    const headers = { 'X-Refund-Idempotency': `refund_${paymentId}` };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(merchant.test, `/v1/payments/${paymentId}/refund`, { amount: 1000 }, headers),
      ),
    );
    const refundId = expectOneRan(answers, 200);

    expect(
      (await rzp.payments.fetchMultipleRefund(paymentId, { count: 100 })).items.map(
        (refund) => refund.id,
      ),
    ).toEqual([refundId]);
    expect(await rzp.payments.fetch(paymentId)).toMatchObject({
      amount_refunded: 1000,
      refund_status: 'partial',
    });
  });
});
