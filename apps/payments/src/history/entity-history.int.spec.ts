import 'reflect-metadata';
import { queryServiceDatabase } from '@platform/service-testing';
import type { ServiceUnderTest } from '@platform/service-testing';
import { as, newAccount, refusal, startPayments } from '../../test/payments.kit';

const HOUR = 3600;
const UNKNOWN = { status: 400, body: refusal('The id provided does not exist') };

describe('Entity history (payments)', () => {
  let payments: ServiceUnderTest;

  beforeAll(async () => {
    payments = await startPayments();
  });

  afterAll(() => payments.close());

  /** A payment authorized now, captured an hour later and refunded two hours later (account clock). */
  async function capturedThenRefunded(caller = newAccount()) {
    const now = as(payments, caller);
    const paymentId = await now.authorized(50000);
    const captured = await as(payments, caller, HOUR).call({
      method: 'POST',
      url: `/v1/payments/${paymentId}/capture`,
      body: { amount: 50000, currency: 'INR' },
      headers: { 'x-request-id': 'req_capture_1' },
    });
    expect(captured.status).toBe(200);
    const refund = await as(payments, caller, 2 * HOUR).post(`/v1/payments/${paymentId}/refund`, {
      amount: 20000,
    });
    expect(refund.status).toBe(200);
    const created = (await now.get(`/v1/payments/${paymentId}`)).body['created_at'] as number;
    return { api: now, caller, paymentId, refundId: refund.body['id'] as string, created };
  }

  describe('GET /v1/events', () => {
    it('lists a payment’s events oldest first, with stable ids, times and the requests that caused them', async () => {
      const { api, paymentId, created } = await capturedThenRefunded();
      const { status, body } = await api.get(`/v1/events?entity_id=${paymentId}`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ entity: 'collection', count: 3 });
      const items = body['items'] as Record<string, unknown>[];
      expect(items.map((event) => [event['type'], event['version']])).toEqual([
        ['PaymentAuthorized', 1],
        ['PaymentCaptured', 2],
        ['PaymentRefunded', 3],
      ]);
      expect(items[0]).toMatchObject({
        id: expect.stringMatching(/^evt_[0-9A-Za-z]{14}$/),
        entity: 'event',
        occurred_at: created,
        data: { paymentId, details: { amount: 50000, currency: 'INR', method: 'card' } },
        correlation_id: expect.any(String),
      });
      expect(items[1]).toMatchObject({
        occurred_at: expect.any(Number),
        data: { amount: 50000, currency: 'INR' },
        correlation_id: 'req_capture_1',
      });
      expect((items[1]['occurred_at'] as number) - created).toBeGreaterThanOrEqual(HOUR - 1);
      expect(new Set(items.map((event) => event['id'])).size).toBe(3);
      const again = await api.get(`/v1/events?entity_id=${paymentId}`);
      expect((again.body['items'] as { id: string }[]).map((event) => event.id)).toEqual(
        items.map((event) => event['id']),
      );
    });

    it('pages like every list: count, skip, and from/to on the event’s time', async () => {
      const { api, paymentId, created } = await capturedThenRefunded();
      const page = await api.get(`/v1/events?entity_id=${paymentId}&count=1&skip=1`);
      expect(page.body).toMatchObject({ count: 1, items: [{ type: 'PaymentCaptured' }] });
      const later = await api.get(`/v1/events?entity_id=${paymentId}&from=${created + 1}`);
      expect((later.body['items'] as { type: string }[]).map((event) => event.type)).toEqual([
        'PaymentCaptured',
        'PaymentRefunded',
      ]);
      const first = await api.get(`/v1/events?entity_id=${paymentId}&to=${created}`);
      expect(first.body).toMatchObject({ count: 1, items: [{ type: 'PaymentAuthorized' }] });
      const none = await api.get(`/v1/events?entity_id=${paymentId}&skip=3`);
      expect(none).toEqual({ status: 200, body: { entity: 'collection', count: 0, items: [] } });
    });

    it('lists an order’s and a refund’s events too', async () => {
      const { api, refundId, paymentId } = await capturedThenRefunded();
      const refund = await api.get(`/v1/events?entity_id=${refundId}`);
      expect((refund.body['items'] as unknown[])[0]).toMatchObject({
        type: 'RefundCreated',
        version: 1,
        data: { refundId },
      });
      const orderId = (await api.get(`/v1/payments/${paymentId}`)).body['order_id'];
      const order = await api.get(`/v1/events?entity_id=${orderId}`);
      expect(order.body['count']).toBeGreaterThanOrEqual(1);
      expect(order.body['items']).toContainEqual(
        expect.objectContaining({ type: 'OrderCreated', version: 1 }),
      );
    });

    it('answers an id of another account or mode, or an unknown one, like an unknown id', async () => {
      const { caller, paymentId } = await capturedThenRefunded();
      const url = `/v1/events?entity_id=${paymentId}`;
      expect(await as(payments, newAccount()).get(url)).toEqual(UNKNOWN);
      expect(await as(payments, { ...caller, mode: 'live' }).get(url)).toEqual(UNKNOWN);
      expect(await as(payments, caller).get('/v1/events?entity_id=pay_00000000000000')).toEqual(
        UNKNOWN,
      );
    });

    it.each([
      ['', refusal('The entity_id field is required.', 'entity_id')],
      ['?entity_id=', refusal(/entity_id must be an entity id/, 'entity_id')],
      ['?entity_id=pay_1%27%20OR%201=1', refusal(/entity_id must be an entity id/, 'entity_id')],
      ['?entity_id=pay_00000000000000&count=0', refusal('The count must be at least 1.', 'count')],
    ])('refuses %j with a 400 naming the problem', async (query, body) => {
      expect(await as(payments, newAccount()).get(`/v1/events${query}`)).toEqual({
        status: 400,
        body,
      });
    });

    it('never shows the simulator’s internal flag, which the payment’s own GET never shows', async () => {
      const { api, paymentId } = await capturedThenRefunded();
      const [stored] = await queryServiceDatabase<{ data: { details: object } }>(
        payments,
        'SELECT data FROM events WHERE stream_id = $1 AND version = 1',
        [paymentId],
      );
      expect(stored.data.details).toHaveProperty('disputeAfterCapture');
      const { body } = await api.get(`/v1/events?entity_id=${paymentId}&count=1`);
      const [authorized] = body['items'] as { data: { details: object } }[];
      expect(authorized.data.details).not.toHaveProperty('disputeAfterCapture');
      expect(authorized.data.details).toMatchObject({ card: { last4: '1111' } });
    });
  });

  describe('as_of', () => {
    it('shows a payment as it was: missing before it existed, authorized before its capture, then captured and refunded', async () => {
      const { api, paymentId, created } = await capturedThenRefunded();
      const at = (asOf: number) => api.get(`/v1/payments/${paymentId}?as_of=${asOf}`);
      expect(await at(created - 1)).toEqual(UNKNOWN);
      expect((await at(created)).body).toMatchObject({ status: 'authorized', captured: false });
      expect((await at(created + HOUR / 2)).body).toMatchObject({
        id: paymentId,
        status: 'authorized',
        amount_refunded: 0,
        fee: null,
      });
      expect((await at(created + HOUR + 30)).body).toMatchObject({
        status: 'captured',
        captured: true,
        amount_refunded: 0,
      });
      expect((await at(created + 3 * HOUR)).body).toMatchObject({
        status: 'captured',
        amount_refunded: 20000,
        refund_status: 'partial',
      });
      expect((await api.get(`/v1/payments/${paymentId}`)).body).toMatchObject({
        status: 'captured',
        amount_refunded: 20000,
      });
    });

    it('works on every GET by id the same way: orders and refunds', async () => {
      const { api, paymentId, refundId, created } = await capturedThenRefunded();
      const orderId = (await api.get(`/v1/payments/${paymentId}`)).body['order_id'];
      expect((await api.get(`/v1/orders/${orderId}?as_of=${created}`)).body).toMatchObject({
        id: orderId,
        amount: 50000,
      });
      expect(await api.get(`/v1/refunds/${refundId}?as_of=${created + HOUR}`)).toEqual(UNKNOWN);
      expect(
        (await api.get(`/v1/refunds/${refundId}?as_of=${created + 3 * HOUR}`)).body,
      ).toMatchObject({ id: refundId, amount: 20000, payment_id: paymentId });
    });

    it('keeps to the caller’s account and mode', async () => {
      const { caller, paymentId, created } = await capturedThenRefunded();
      const url = `/v1/payments/${paymentId}?as_of=${created + HOUR}`;
      expect(await as(payments, newAccount()).get(url)).toEqual(UNKNOWN);
      expect(await as(payments, { ...caller, mode: 'live' }).get(url)).toEqual(UNKNOWN);
    });

    it.each(['yesterday', '-1', '1.5', '', '99999999999999'])(
      'refuses as_of=%j with a 400 naming it',
      async (asOf) => {
        const { api, paymentId } = await capturedThenRefunded();
        expect(await api.get(`/v1/payments/${paymentId}?as_of=${asOf}`)).toEqual({
          status: 400,
          body: refusal('The as_of must be an integer (unix seconds).', 'as_of'),
        });
      },
    );

    it('never disturbs the live rows: 20 concurrent as_of reads while payments are captured', async () => {
      const caller = newAccount();
      const api = as(payments, caller);
      const watched = await api.authorized(50000);
      const created = (await api.get(`/v1/payments/${watched}`)).body['created_at'] as number;
      const others = await Promise.all([1, 2, 3, 4, 5].map(() => api.authorized(30000)));
      const anHourLater = as(payments, caller, HOUR);
      const [reads, captures] = await Promise.all([
        Promise.all(
          Array.from({ length: 20 }, () => api.get(`/v1/payments/${watched}?as_of=${created}`)),
        ),
        Promise.all(
          [watched, ...others].map((id) =>
            anHourLater.post(`/v1/payments/${id}/capture`, {
              amount: id === watched ? 50000 : 30000,
              currency: 'INR',
            }),
          ),
        ),
      ]);
      expect(reads.map((read) => [read.status, read.body['status']])).toEqual(
        Array(20).fill([200, 'authorized']),
      );
      expect(captures.map((capture) => capture.status)).toEqual(Array(6).fill(200));
      const { body } = await api.get('/v1/payments?count=10');
      expect(
        (body['items'] as { status: string; captured: boolean }[]).map((item) => [
          item.status,
          item.captured,
        ]),
      ).toEqual(Array(6).fill(['captured', true]));
      const later = await api.get(`/v1/payments/${watched}?as_of=${created + 2 * HOUR}`);
      expect(later.body).toMatchObject({ status: 'captured', captured: true });
    });
  });
});
