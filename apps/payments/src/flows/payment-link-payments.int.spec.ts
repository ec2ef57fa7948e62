import 'reflect-metadata';
import type { RunningBroker } from '@platform/embedded-kafka';
import {
  advanceTestClock,
  queryServiceDatabase,
  startTestBroker,
  TEST_INTERNAL_TOKEN,
} from '@platform/service-testing';
import type { ServiceUnderTest, TestCaller } from '@platform/service-testing';
import { waitFor } from '@platform/testing-core';
import { as, newAccount, refusal, startPayments, VISA } from '../../test/payments.kit';

type Json = Record<string, unknown>;

const DAY = 24 * 3600;
const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * A payment link's payments go through its order, and the order and the link are decided in one
 * statement: however many customers pay at once, and whatever races a cancel or the link's expiry,
 * the link never takes more than its amount and says what its order says.
 */
describe('paying payment links', () => {
  let broker: RunningBroker;
  let payments: ServiceUnderTest;

  beforeAll(async () => {
    broker = await startTestBroker();
    payments = await startPayments(broker);
  });

  afterAll(async () => {
    await payments.close();
    await broker.stop();
  });

  const link = async (caller: TestCaller, body: Json = {}): Promise<Json> => {
    const made = await as(payments, caller).post('/v1/payment_links', { amount: 50000, ...body });
    if (made.status !== 200) throw new Error(`link not created: ${JSON.stringify(made.body)}`);
    return made.body;
  };
  const pay = (caller: TestCaller, linkId: unknown, body: Json = {}, offset = 0) =>
    as(payments, caller, offset).post('/v1/simulator/payments', {
      payment_link_id: linkId,
      method: 'card',
      card: VISA,
      ...body,
    });
  const stateOf = async (caller: TestCaller, made: Json, offset = 0) => {
    const api = as(payments, caller, offset);
    const fetched = (await api.get(`/v1/payment_links/${String(made['id'])}`)).body;
    const order = (await api.get(`/v1/orders/${String(made['order_id'])}`)).body;
    const orderPayments = (
      await api.get(`/v1/orders/${String(made['order_id'])}/payments?count=100`)
    ).body['items'] as Json[];
    const captured = orderPayments.filter((payment) => payment['status'] === 'captured');
    return { link: fetched, order, captured };
  };
  /** The link, its order and its order's captured payments agree on what was paid. */
  const expectConsistent = ({
    link: fetched,
    order,
    captured,
  }: Awaited<ReturnType<typeof stateOf>>) => {
    const sum = captured.reduce((total, payment) => total + (payment['amount'] as number), 0);
    expect(fetched['amount_paid']).toBe(sum);
    expect(order['amount_paid']).toBe(sum);
    expect(sum).toBeLessThanOrEqual(fetched['amount'] as number);
    expect(
      ((fetched['payments'] as Json[] | null) ?? []).map((p) => p['payment_id']).sort(),
    ).toEqual(captured.map((payment) => payment['id']).sort());
  };
  const outboxOf = async (key: string) =>
    (
      await queryServiceDatabase<{ type: string }>(
        payments,
        `SELECT payload->>'type' AS type FROM outbox WHERE message_key = $1 ORDER BY position`,
        [key],
      )
    ).map((row) => row.type);

  describe('20 customers at once', () => {
    it('through the simulator, on a link of one payment: one pays it, 19 are refused as the order is paid', async () => {
      const caller = newAccount();
      const made = await link(caller);
      const answers = await Promise.all(Array.from({ length: 20 }, () => pay(caller, made['id'])));
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
      expect(
        answers.filter(
          (answer) =>
            answer.status !== 200 &&
            (answer.body['error'] as Json)['reason'] !== 'order_already_paid',
        ),
      ).toEqual([]);
      expect(
        answers.filter(
          (answer) =>
            (answer.body['error'] as Json | undefined)?.['reason'] === 'order_already_paid',
        ),
      ).toHaveLength(19);
      const state = await stateOf(caller, made);
      expect(state.link).toMatchObject({ status: 'paid', amount_paid: 50000 });
      expect(state.captured).toHaveLength(1);
      expectConsistent(state);
      expect(await outboxOf(made['id'] as string)).toEqual(['payment_link.paid']);
    });

    it('through the simulator, paying parts: together never more than the amount', async () => {
      const caller = newAccount();
      const made = await link(caller, { accept_partial: true });
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => pay(caller, made['id'], { amount: 3000 })),
      );
      // 16 parts of 3000 fit in 50000; the 2000 left takes no part of 3000.
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(16);
      expect(answers.filter((answer) => answer.status === 400)).toHaveLength(4);
      const state = await stateOf(caller, made);
      expect(state.link).toMatchObject({ status: 'partially_paid', amount_paid: 48000 });
      expectConsistent(state);
      expect(await outboxOf(made['id'] as string)).toEqual(
        Array.from({ length: 16 }, () => 'payment_link.partially_paid'),
      );
    });

    it('through the checkout API, answering the bank at once: the parts that fit are captured, the link is paid', async () => {
      const caller = newAccount();
      const api = as(payments, caller);
      const made = await link(caller, { amount: 30000, accept_partial: true });
      const ids: string[] = [];
      for (let i = 0; i < 20; i++) {
        const begun = await api.post('/v1/checkout/payments', {
          key_id: 'rzp_test_TestKey0000001',
          order_id: made['order_id'],
          amount: 5000,
          method: 'card',
          card: VISA,
        });
        expect(begun.body).toMatchObject({ status: 'created' });
        ids.push(begun.body['razorpay_payment_id'] as string);
      }
      const pages = await Promise.all(
        ids.map(async (id) => {
          const response = await payments.app.inject({
            method: 'POST',
            url: `/internal/test-bank/${id}`,
            headers: {
              'x-internal-token': TEST_INTERNAL_TOKEN,
              'content-type': 'application/x-www-form-urlencoded',
            },
            payload: new URLSearchParams({ otp: '1234' }).toString(),
          });
          return response.body;
        }),
      );
      expect(pages.filter((page) => page.includes('Payment successful'))).toHaveLength(6);
      const state = await stateOf(caller, made);
      expect(state.link).toMatchObject({ status: 'paid', amount_paid: 30000 });
      expect(state.captured).toHaveLength(6);
      expectConsistent(state);
      const failed = await Promise.all(ids.map((id) => api.get(`/v1/payments/${id}`)));
      expect(failed.filter((payment) => payment.body['status'] === 'failed')).toHaveLength(14);
      expect(state.captured.map((payment) => payment['description'])).toEqual(
        Array.from({ length: 6 }, () => `#${String(made['id']).slice(6)}`),
      );
    });
  });

  describe('a cancel racing 20 payments', () => {
    // The cancel starts with the payments, or a moment into them: either may come first.
    it.each([0, 50, 70, 90])(
      'leaves one outcome (the cancel %i ms in): cancelled with nothing paid, or paid in part and not cancelled',
      async (delay) => {
        const caller = newAccount();
        const api = as(payments, caller);
        const made = await link(caller, { accept_partial: true });
        const cancelling = new Promise((resolve) => setTimeout(resolve, delay)).then(() =>
          api.post(`/v1/payment_links/${String(made['id'])}/cancel`),
        );
        const [cancel, ...answers] = await Promise.all([
          cancelling,
          ...Array.from({ length: 20 }, () => pay(caller, made['id'], { amount: 1000 })),
        ]);
        const state = await stateOf(caller, made);
        expectConsistent(state);
        const paidCount = answers.filter((answer) => answer.status === 200).length;
        if (cancel.status === 200) {
          expect(state.link).toMatchObject({ status: 'cancelled', amount_paid: 0 });
          expect(paidCount).toBe(0);
          expect(state.captured).toHaveLength(0);
        } else {
          expect(cancel).toEqual({
            status: 400,
            body: refusal('cannot cancel or expire an already paid/partially paid link'),
          });
          expect(state.link['status']).toBe('partially_paid');
          expect(state.captured).toHaveLength(paidCount);
          expect(paidCount).toBeGreaterThan(0);
        }
        const refused = answers.filter((answer) => answer.status !== 200);
        for (const answer of refused)
          expect(answer.body).toEqual(
            refusal('The payment link is cancelled: it takes no more payments.'),
          );
      },
    );
  });

  describe('its expiry, on the account’s clock', () => {
    it('refuses payments once expire_by passed, then the scheduler expires it and closes its order', async () => {
      const caller = newAccount();
      const made = await link(caller, { expire_by: nowSeconds() + 20 * 60 });
      const later = 21 * 60;
      // Past its time, before the scheduler ran: refused at once.
      expect(await pay(caller, made['id'], {}, later)).toEqual({
        status: 400,
        body: refusal('The payment link is expired: it takes no more payments.'),
      });
      expect((await stateOf(caller, made, later)).link['status']).toBe('created');
      await advanceTestClock(broker, caller.accountId, later);
      const expired = await waitFor(async () => {
        const { link: fetched } = await stateOf(caller, made, later);
        return fetched['status'] === 'expired' ? fetched : null;
      }, 'the link to expire');
      expect(expired['expired_at']).toBeGreaterThanOrEqual(made['expire_by'] as number);
      expect(await pay(caller, made['id'], {}, later)).toEqual({
        status: 400,
        body: refusal('The payment link is expired: it takes no more payments.'),
      });
      expect(await outboxOf(made['id'] as string)).toEqual(['payment_link.expired']);
      expect(
        await as(payments, caller, later).post(`/v1/payment_links/${String(made['id'])}/cancel`),
      ).toEqual({ status: 400, body: refusal('cannot cancel or expire an expired link') });
    });

    it('expires a partly paid link too, keeping what was paid', async () => {
      const caller = newAccount();
      const made = await link(caller, { accept_partial: true, expire_by: nowSeconds() + 20 * 60 });
      expect((await pay(caller, made['id'], { amount: 10000 })).status).toBe(200);
      await advanceTestClock(broker, caller.accountId, 21 * 60);
      const expired = await waitFor(async () => {
        const { link: fetched } = await stateOf(caller, made, 21 * 60);
        return fetched['status'] === 'expired' ? fetched : null;
      }, 'the link to expire');
      expect(expired).toMatchObject({ amount_paid: 10000 });
    });

    it('expires six months after its creation without expire_by, and later for one whose expire_by moved', async () => {
      const caller = newAccount();
      const plain = await link(caller);
      const moved = await link(caller, { expire_by: nowSeconds() + 30 * 60 });
      expect(
        (
          await as(payments, caller).patch(`/v1/payment_links/${String(moved['id'])}`, {
            expire_by: nowSeconds() + 2 * DAY,
          })
        ).status,
      ).toBe(200);
      await advanceTestClock(broker, caller.accountId, DAY);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect((await stateOf(caller, moved, DAY)).link['status']).toBe('created');
      await advanceTestClock(broker, caller.accountId, 185 * DAY);
      for (const made of [plain, moved])
        await waitFor(
          async () => (await stateOf(caller, made, 185 * DAY)).link['status'] === 'expired',
          'the link to expire',
        );
    });
  });
});
