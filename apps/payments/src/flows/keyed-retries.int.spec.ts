import 'reflect-metadata';
import { ContextHeaders } from '@platform/http';
import { queryServiceDatabase } from '@platform/service-testing';
import type { ServiceUnderTest, TestCaller } from '@platform/service-testing';
import { as, newAccount, refusal, startPayments, VISA } from '../../test/payments.kit';

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

  it.each([
    ['a card payment of an order', 'card'],
    ['a UPI payment of an order', 'upi'],
  ])(
    'answers %s with the payment it first made, which a capture then finds',
    async (_label, method) => {
      const api = as(payments, owner);
      const order = await api.order({ amount: 50000 });
      const pay = {
        method: 'POST' as const,
        url: '/v1/simulator/payments',
        body:
          method === 'card'
            ? { order_id: order['id'], method: 'card', card: VISA }
            : { order_id: order['id'], method: 'upi', vpa: 'success@razorpay' },
        headers: keyed(`pay-${method}`),
      };
      const first = await api.call(pay);
      expect(first.status).toBe(200);

      const retry = await api.call(pay);

      expect(retry).toEqual(first);
      const paymentId = first.body['razorpay_payment_id'] as string;
      expect(await eventsOf(paymentId)).toContain('PaymentAuthorized');
      const created = await queryServiceDatabase(
        payments,
        "SELECT 1 FROM events WHERE type IN ('PaymentCreated', 'PaymentAuthorized') AND account_id = $1 AND version = 1",
        [owner.accountId],
      );
      expect(created).toHaveLength(1);
      expect(
        await api.post(`/v1/payments/${paymentId}/capture`, { amount: 50000, currency: 'INR' }),
      ).toMatchObject({ status: 200, body: { id: paymentId, status: 'captured' } });
    },
  );

  it('answers a QR code payment with the payment it first made', async () => {
    const api = as(payments, owner);
    const code = await api.post('/v1/payments/qr_codes', {
      type: 'upi_qr',
      usage: 'multiple_use',
      fixed_amount: false,
      name: 'Keyed',
    });
    const pay = {
      method: 'POST' as const,
      url: '/v1/simulator/payments',
      body: { qr_code_id: code.body['id'], method: 'upi', vpa: 'success@razorpay', amount: 100 },
      headers: keyed('pay-qr'),
    };
    const first = await api.call(pay);
    expect(first.status).toBe(200);

    const retry = await api.call(pay);

    expect(retry).toEqual(first);
    expect(await eventsOf(first.body['razorpay_payment_id'] as string)).toContain(
      'PaymentCaptured',
    );
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
