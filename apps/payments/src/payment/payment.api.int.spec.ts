import 'reflect-metadata';
import type { Event } from '@platform/domain-kit';
import { newId } from '@platform/domain-kit';
import {
  apiSpecification,
  existingStream,
  expectError,
  expectNewEvents,
  expectResponse,
} from '@platform/service-testing';
import type { ServiceUnderTest, TestCaller } from '@platform/service-testing';
import { DataSource } from 'typeorm';
import { newAccount, startPayments } from '../../test/payments.kit';
import { orderDetailsProjection } from '../order/order-details/order-details.projection';
import { ORDER_STREAM } from '../order/order.decider';
import { orderCreated, orderPaymentAttempted } from '../order/order.fixtures';
import { paymentDetailsProjection } from './payment-details/payment-details.projection';
import { PAYMENT_STREAM } from './payment.decider';
import type { PaymentEvent } from './payment.events';
import {
  AMOUNT,
  DAY_MS,
  HOUR_MS,
  paymentAuthorized,
  paymentCaptured,
  paymentDisputed,
  paymentRefunded,
} from './payment.fixtures';

describe('the payments API: given existing events, when a request, then new events', () => {
  let payments: ServiceUnderTest;
  let owner: TestCaller;

  beforeAll(async () => {
    payments = await startPayments();
  });
  afterAll(() => payments.close());
  beforeEach(() => (owner = newAccount()));

  /** Authorized an hour ago (the service's clock is the real one): within its capture window. */
  const authorized = (
    paymentId: string,
    { orderId = null as string | null, createdAt = Date.now() - HOUR_MS } = {},
  ): PaymentEvent => {
    const event = paymentAuthorized({ orderId });
    return { ...event, data: { ...event.data, paymentId, createdAt } };
  };
  const existingPayment = (paymentId: string, events: readonly PaymentEvent[]) =>
    existingStream({
      streamType: PAYMENT_STREAM,
      streamId: paymentId,
      events,
      projections: [paymentDetailsProjection],
      caller: owner,
    });
  /** An order its payment was attempted on (authorized, not captured yet). */
  const existingOrder = (orderId: string, paymentId: string) => {
    const created = orderCreated({ receipt: null, paymentCapture: false });
    const events: Event[] = [
      { ...created, data: { ...created.data, orderId } },
      orderPaymentAttempted({ paymentId }),
    ];
    return existingStream({
      streamType: ORDER_STREAM,
      streamId: orderId,
      events,
      projections: [orderDetailsProjection],
      caller: owner,
    });
  };
  const capture = (paymentId: string, body: Record<string, unknown> = { amount: AMOUNT }) => ({
    method: 'POST' as const,
    url: `/v1/payments/${paymentId}/capture`,
    body,
    caller: owner,
  });
  const refund = (paymentId: string, body: Record<string, unknown>) => ({
    method: 'POST' as const,
    url: `/v1/payments/${paymentId}/refund`,
    body,
    caller: owner,
  });

  describe('capture', () => {
    it('captures an authorized payment: one PaymentCaptured with its fee, and the payment captured', async () => {
      const id = newId('pay');
      await apiSpecification(payments)
        .given(existingPayment(id, [authorized(id)]))
        .when(capture(id, { amount: AMOUNT, currency: 'INR' }))
        .then(
          expectResponse(200, { id, status: 'captured', captured: true, fee: 1180, tax: 180 }),
          expectNewEvents(id, [
            { type: 'PaymentCaptured', data: { amount: AMOUNT, currency: 'INR', fee: 1180 } },
          ]),
        );
    });

    it('captures a payment of an order and adds it to the order, which is then paid', async () => {
      const [id, orderId] = [newId('pay'), newId('order')];
      await apiSpecification(payments)
        .given(existingPayment(id, [authorized(id, { orderId })]), existingOrder(orderId, id))
        .when(capture(id))
        .then(
          expectResponse(200, { id, status: 'captured', order_id: orderId }),
          expectNewEvents(id, [{ type: 'PaymentCaptured', data: { amount: AMOUNT } }]),
          expectNewEvents(orderId, [
            { type: 'OrderPaymentCaptured', data: { paymentId: id, amount: AMOUNT } },
            { type: 'OrderPaid', data: { paymentId: id } },
          ]),
        );
    });

    it('refuses an amount other than the authorized one, naming amount, and appends nothing', async () => {
      const id = newId('pay');
      await apiSpecification(payments)
        .given(existingPayment(id, [authorized(id)]))
        .when(capture(id, { amount: AMOUNT - 1 }))
        .then(
          expectError(
            400,
            `Capture amount must be equal to the amount authorized (${AMOUNT}).`,
            'amount',
          ),
          expectNewEvents(id, []),
        );
    });

    it('refuses a payment captured already, and appends nothing', async () => {
      const id = newId('pay');
      await apiSpecification(payments)
        .given(existingPayment(id, [authorized(id), paymentCaptured()]))
        .when(capture(id))
        .then(expectError(400, 'This payment has already been captured.'), expectNewEvents(id, []));
    });

    it('refuses a payment whose capture window of 3 days has ended, and appends nothing', async () => {
      const id = newId('pay');
      await apiSpecification(payments)
        .given(
          existingPayment(id, [authorized(id, { createdAt: Date.now() - 3 * DAY_MS - HOUR_MS })]),
        )
        .when(capture(id))
        .then(
          expectError(
            400,
            'This payment can no longer be captured: its capture window of 3 days has ended, and it is refunded automatically.',
          ),
          expectNewEvents(id, []),
        );
    });

    it('answers an unknown id as not existing', async () => {
      const id = newId('pay');
      await apiSpecification(payments)
        .given()
        .when(capture(id))
        .then(expectError(400, 'The id provided does not exist'), expectNewEvents(id, []));
    });

    it('answers another account’s payment exactly like an unknown id, and appends nothing', async () => {
      const id = newId('pay');
      await apiSpecification(payments)
        .given(existingPayment(id, [authorized(id)]))
        .when({ ...capture(id), caller: newAccount() })
        .then(expectError(400, 'The id provided does not exist'), expectNewEvents(id, []));
    });

    it('lets exactly one of 20 concurrent captures through: one PaymentCaptured', async () => {
      const id = newId('pay');
      await apiSpecification(payments)
        .given(existingPayment(id, [authorized(id)]))
        .when({ method: 'GET', url: `/v1/payments/${id}`, caller: owner })
        .then(expectResponse(200, { id, status: 'authorized' }));
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => payments.call(capture(id))),
      );
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      expect(
        answers
          .filter((answer) => answer.status !== 200)
          .map((answer) => [
            answer.status,
            (answer.body['error'] as { description: string }).description,
          ]),
      ).toEqual(Array(19).fill([400, 'This payment has already been captured.']));
      const events = await payments.app
        .get(DataSource)
        .query('SELECT type FROM events WHERE stream_id = $1 ORDER BY version', [id]);
      expect(events).toEqual([{ type: 'PaymentAuthorized' }, { type: 'PaymentCaptured' }]);
    });
  });

  describe('refund', () => {
    const captured = (id: string, ...after: PaymentEvent[]) =>
      existingPayment(id, [authorized(id), paymentCaptured(), ...after]);

    it('refunds all that was captured when no amount is given', async () => {
      const id = newId('pay');
      await apiSpecification(payments)
        .given(captured(id))
        .when(refund(id, {}))
        .then(
          expectResponse(200, {
            entity: 'refund',
            payment_id: id,
            amount: AMOUNT,
            status: 'pending',
          }),
          expectNewEvents(id, [
            { type: 'PaymentRefunded', data: { amount: AMOUNT, automatic: false } },
          ]),
        );
    });

    it('refunds part of a captured payment', async () => {
      const id = newId('pay');
      await apiSpecification(payments)
        .given(captured(id))
        .when(refund(id, { amount: 20_000 }))
        .then(
          expectResponse(200, { entity: 'refund', payment_id: id, amount: 20_000 }),
          expectNewEvents(id, [{ type: 'PaymentRefunded', data: { amount: 20_000 } }]),
        );
    });

    it('refuses more than is left to refund, naming amount, and appends nothing', async () => {
      const id = newId('pay');
      await apiSpecification(payments)
        .given(captured(id, paymentRefunded(30_000)))
        .when(refund(id, { amount: 30_000 }))
        .then(
          expectError(
            400,
            'The refund amount provided is greater than amount captured and not yet refunded (20000).',
            'amount',
          ),
          expectNewEvents(id, []),
        );
    });

    it('refuses to refund the disputed part, naming amount, and appends nothing', async () => {
      const id = newId('pay');
      await apiSpecification(payments)
        .given(captured(id, paymentDisputed(20_000)))
        .when(refund(id, { amount: 40_000 }))
        .then(
          expectError(
            400,
            'The refund amount provided is greater than amount captured and not yet refunded or disputed (30000).',
            'amount',
          ),
          expectNewEvents(id, []),
        );
    });
  });

  describe('refund with an idempotency key (the answer of the first attempt lost)', () => {
    const keyed = (paymentId: string, body: Record<string, unknown>, key: string) => ({
      ...refund(paymentId, body),
      headers: { 'x-idempotency-key': `refund:${key}` },
    });

    it('answers a repeat with the refund the first attempt made, and refunds once', async () => {
      const id = newId('pay');
      const key = `rk-${id}`;
      await apiSpecification(payments)
        .given(existingPayment(id, [authorized(id), paymentCaptured()]))
        .when(keyed(id, { amount: 20_000 }, key))
        .then(expectNewEvents(id, [{ type: 'PaymentRefunded', data: { amount: 20_000 } }]));
      const first = await payments.call(keyed(id, { amount: 20_000 }, key));
      const repeat = await payments.call(keyed(id, { amount: 20_000 }, key));
      expect(repeat).toEqual({ status: 200, body: first.body });
      const other = await payments.call(keyed(id, { amount: 20_000 }, `${key}-other`));
      expect(other.status).toBe(200);
      expect(other.body['id']).not.toBe(first.body['id']);
      const refunds = await payments.app
        .get(DataSource)
        .query(
          `SELECT count(*)::int AS n FROM events WHERE stream_id = $1 AND type = 'PaymentRefunded'`,
          [id],
        );
      expect(refunds).toEqual([{ n: 2 }]);
    });

    it('refunds once for 20 concurrent attempts with one key, and answers each with that refund', async () => {
      const id = newId('pay');
      await apiSpecification(payments)
        .given(existingPayment(id, [authorized(id), paymentCaptured()]))
        .when({ method: 'GET', url: `/v1/payments/${id}`, caller: owner })
        .then(expectResponse(200, { id, status: 'captured' }));
      const answers = await Promise.all(
        Array.from({ length: 20 }, () =>
          payments.call(keyed(id, { amount: 10_000 }, `rk20-${id}`)),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(200));
      expect(new Set(answers.map((answer) => answer.body['id'])).size).toBe(1);
      const refunds = await payments.app
        .get(DataSource)
        .query(
          `SELECT count(*)::int AS n FROM events WHERE stream_id = $1 AND type = 'PaymentRefunded'`,
          [id],
        );
      expect(refunds).toEqual([{ n: 1 }]);
    });
  });

  describe('notes', () => {
    it('edits the notes: one PaymentNotesEdited, and the payment with its new notes', async () => {
      const id = newId('pay');
      await apiSpecification(payments)
        .given(existingPayment(id, [authorized(id)]))
        .when({
          method: 'PATCH',
          url: `/v1/payments/${id}`,
          body: { notes: { ref: 'A-1' } },
          caller: owner,
        })
        .then(
          expectResponse(200, { id, status: 'authorized', notes: { ref: 'A-1' } }),
          expectNewEvents(id, [{ type: 'PaymentNotesEdited', data: { notes: { ref: 'A-1' } } }]),
        );
    });
  });
});
