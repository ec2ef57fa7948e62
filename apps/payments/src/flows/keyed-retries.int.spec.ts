import 'reflect-metadata';
import { ContextHeaders } from '@platform/http';
import { queryServiceDatabase } from '@platform/service-testing';
import type { ServiceUnderTest, TestCaller } from '@platform/service-testing';
import { as, newAccount, refusal, startPayments } from '../../test/payments.kit';

/**
 * A keyed request whose answer was lost (the service died after its write, the gateway answered
 * 503 and freed the key) comes back with the same key: the service answers what it first did,
 * instead of deciding again on what the first attempt already wrote.
 */
describe('a retry with the same idempotency key after a lost answer', () => {
  let payments: ServiceUnderTest;
  let owner: TestCaller;

  beforeAll(async () => {
    payments = await startPayments();
  });
  afterAll(() => payments.close());
  beforeEach(() => (owner = newAccount()));

  const keyed = (key: string) => ({ [ContextHeaders.idempotencyKey]: `api:${key}` });
  const eventsOf = async (streamId: string) =>
    (
      await queryServiceDatabase<{ type: string }>(
        payments,
        'SELECT type FROM events WHERE stream_id = $1 ORDER BY version',
        [streamId],
      )
    ).map((row) => row.type);

  it('gets the original 200 for a capture, and the capture is written once', async () => {
    const api = as(payments, owner);
    const paymentId = await api.authorized(50000);
    const capture = {
      method: 'POST' as const,
      url: `/v1/payments/${paymentId}/capture`,
      body: { amount: 50000, currency: 'INR' },
      headers: keyed('capture-1'),
    };
    const first = await api.call(capture);
    expect(first).toMatchObject({ status: 200, body: { id: paymentId, status: 'captured' } });

    const retry = await api.call(capture);

    expect(retry).toEqual(first);
    expect((await eventsOf(paymentId)).filter((type) => type === 'PaymentCaptured')).toHaveLength(
      1,
    );
    // Without the key (or with another) the same capture is refused, as before.
    expect(await api.call({ ...capture, headers: keyed('capture-2') })).toEqual({
      status: 400,
      body: refusal('This payment has already been captured.'),
    });
  });

  it('captures once for 20 concurrent attempts with one key, and answers each the same', async () => {
    const api = as(payments, owner);
    const paymentId = await api.authorized(50000);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        api.call({
          method: 'POST',
          url: `/v1/payments/${paymentId}/capture`,
          body: { amount: 50000, currency: 'INR' },
          headers: keyed('capture-20'),
        }),
      ),
    );

    expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((answer) => JSON.stringify(answer.body))).size).toBe(1);
    expect((await eventsOf(paymentId)).filter((type) => type === 'PaymentCaptured')).toHaveLength(
      1,
    );
  });

  it('shows the payment as the first answer did, even after it changed since', async () => {
    const api = as(payments, owner);
    const paymentId = await api.authorized(50000);
    const capture = {
      method: 'POST' as const,
      url: `/v1/payments/${paymentId}/capture`,
      body: { amount: 50000, currency: 'INR' },
      headers: keyed('capture-then-refund'),
    };
    const first = await api.call(capture);
    expect(first.status).toBe(200);
    expect((await api.post(`/v1/payments/${paymentId}/refund`, { amount: 100 })).status).toBe(200);

    const retry = await api.call(capture);

    expect(retry).toEqual(first);
    expect(retry.body['amount_refunded']).toBe(0);
  });

  it('gets the same order again when creating one, not a second order', async () => {
    const api = as(payments, owner);
    const create = {
      method: 'POST' as const,
      url: '/v1/orders',
      body: { amount: 50000, currency: 'INR', receipt: 'r-1' },
      headers: keyed('order-1'),
    };
    const first = await api.call(create);
    expect(first.status).toBe(200);

    const retry = await api.call(create);

    expect(retry).toEqual(first);
    const orders = await queryServiceDatabase(
      payments,
      "SELECT 1 FROM events WHERE type = 'OrderCreated' AND account_id = $1",
      [owner.accountId],
    );
    expect(orders).toHaveLength(1);
  });

  it('is refused when the key comes with another request, naming the header', async () => {
    const api = as(payments, owner);
    const paymentId = await api.authorized(50000);
    const url = `/v1/payments/${paymentId}/capture`;
    const headers = keyed('capture-reused');
    expect(
      (await api.call({ method: 'POST', url, body: { amount: 50000, currency: 'INR' }, headers }))
        .status,
    ).toBe(200);

    const other = await api.call({
      method: 'POST',
      url,
      body: { amount: 40000, currency: 'INR' },
      headers,
    });

    expect(other).toEqual({
      status: 400,
      body: refusal(
        'Different request with the same idempotency key has already been processed.',
        'Idempotency-Key',
      ),
    });
  });

  it('runs again when the first attempt was refused: nothing was written for it', async () => {
    const api = as(payments, owner);
    const paymentId = await api.authorized(50000);
    const capture = (amount: number) => ({
      method: 'POST' as const,
      url: `/v1/payments/${paymentId}/capture`,
      body: { amount, currency: 'INR' },
      headers: keyed(`refused-${amount}`),
    });
    const refused = await api.call(capture(1));
    expect(refused.status).toBe(400);
    expect(await api.call(capture(1))).toEqual(refused);
    expect((await api.call(capture(50000))).status).toBe(200);
  });
});
