import 'reflect-metadata';
import type { RunningBroker } from '@platform/embedded-kafka';
import type { ServiceUnderTest } from '@platform/service-testing';
import { waitFor } from '@platform/testing-core';
import { Kafka, logLevel } from 'kafkajs';
import { api, newKey, startEchoPlatform } from './gateway-calls';
import type { EchoPlatform, Key } from './gateway-calls';

// The official SDK's own check (utils/razorpay-utils), as integrators call it.
const { validatePaymentVerification } = require('razorpay/dist/utils/razorpay-utils') as {
  validatePaymentVerification: (
    params: Record<string, string>,
    signature: string,
    secret: string,
  ) => boolean;
};

describe('the gateway’s test clocks and checkout signature', () => {
  let platform: EchoPlatform;
  let broker: RunningBroker;
  let gateway: ServiceUnderTest;

  const advance = (key: Key, body: unknown, target = gateway) =>
    api(target, {
      method: 'POST',
      url: '/v1/simulator/clock/advance',
      key,
      body: JSON.stringify(body),
    });
  const forwardedOffset = async (key: Key, target = gateway) =>
    (await api(target, { url: '/v1/customers', key })).body['clockOffset'];

  beforeAll(async () => {
    platform = await startEchoPlatform();
    ({ broker, gateway } = platform);
  });

  afterAll(() => platform.close());

  describe('POST /v1/simulator/clock/advance', () => {
    it('moves the account’s test clock forward, and every later test-mode request carries the offset', async () => {
      const key = await newKey(gateway, 'test');
      expect(await forwardedOffset(key)).toBeNull();
      const first = await advance(key, { seconds: 3600 });
      expect(first.status).toBe(200);
      expect(first.body).toEqual({
        entity: 'test_clock',
        account_id: key.accountId,
        offset_seconds: 3600,
        now: expect.any(Number),
      });
      expect(Math.abs((first.body['now'] as number) - (Date.now() / 1000 + 3600))).toBeLessThan(5);
      expect(await forwardedOffset(key)).toBe('3600');
      expect((await advance(key, { seconds: 60 })).body['offset_seconds']).toBe(3660);
      expect(await forwardedOffset(key)).toBe('3660');
    });

    it('never moves the clock past the latest time the API takes, 253402300799: 400 in the envelope, the clock as it was', async () => {
      const key = await newKey(gateway, 'test');
      let last: Record<string, unknown> = {};
      let refused: { status: number; body: Record<string, unknown> } | null = null;
      // Ten years a call, as far as it goes (about 800 calls from today).
      for (let i = 0; i < 1_000 && !refused; i++) {
        const answer = await advance(key, { seconds: 10 * 365 * 24 * 3600 });
        if (answer.status === 200) last = answer.body;
        else refused = answer;
      }
      expect(refused).toMatchObject({
        status: 400,
        body: {
          error: expect.objectContaining({
            code: 'BAD_REQUEST_ERROR',
            description: expect.stringContaining('cannot be moved past 253402300799'),
            field: 'seconds',
          }),
        },
      });
      expect(last['now'] as number).toBeLessThanOrEqual(253_402_300_799);
      expect((last['now'] as number) + 10 * 365 * 24 * 3600).toBeGreaterThan(253_402_300_799);
      expect(await forwardedOffset(key)).toBe(String(last['offset_seconds']));
      // What is left still moves it, to the last second at most.
      const left = 253_402_300_799 - (last['now'] as number) - 5;
      const closer = await advance(key, { seconds: left });
      expect(closer.status).toBe(200);
      expect(closer.body['now'] as number).toBeLessThanOrEqual(253_402_300_799);
    }, 120_000);

    it('keeps clocks per account and never moves live mode', async () => {
      const test = await newKey(gateway, 'test');
      const live = await newKey(gateway, 'live', test.accountId);
      const other = await newKey(gateway, 'test');
      await advance(test, { seconds: 86400 });
      expect(await forwardedOffset(live)).toBeNull();
      expect(await forwardedOffset(other)).toBeNull();
      expect(await advance(live, { seconds: 60 })).toMatchObject({
        status: 400,
        body: {
          error: {
            description: 'The test clock exists in test mode only: use a test key (rzp_test_…).',
          },
        },
      });
    });

    it('publishes test_clock.advanced with the whole offset on gateway.test_clock, keyed by account', async () => {
      const key = await newKey(gateway, 'test');
      await advance(key, { seconds: 120 });
      await advance(key, { seconds: 30 });
      const consumer = new Kafka({ brokers: broker.brokers, logLevel: logLevel.NOTHING }).consumer({
        groupId: `clock-audit-${key.accountId}`,
        maxWaitTimeInMs: 200,
      });
      const seen: { key: string; type: string; offset: number }[] = [];
      await consumer.connect();
      await consumer.subscribe({ topic: 'gateway.test_clock', fromBeginning: true });
      await consumer.run({
        eachMessage: async ({ message }) => {
          const event = JSON.parse(String(message.value)) as {
            type: string;
            account_id: string;
            data: { test_clock: { offset_seconds: number } };
          };
          if (event.account_id === key.accountId)
            seen.push({
              key: String(message.key),
              type: event.type,
              offset: event.data.test_clock.offset_seconds,
            });
        },
      });
      await waitFor(() => seen.length === 2, 'both clock events', 30000);
      await consumer.disconnect();
      expect(seen).toEqual([
        { key: key.accountId, type: 'test_clock.advanced', offset: 120 },
        { key: key.accountId, type: 'test_clock.advanced', offset: 150 },
      ]);
    });

    it('is seen by another gateway replica within moments', async () => {
      await platform.withReplica(async (replica) => {
        const key = await newKey(gateway, 'test');
        expect(await forwardedOffset(key, replica)).toBeNull(); // now cached by the replica
        await advance(key, { seconds: 600 });
        await waitFor(
          async () => (await forwardedOffset(key, replica)) === '600',
          'the replica to forward the new offset',
          2000,
        );
      });
    });

    it.each([
      [{}, 'seconds', 'The seconds field is required.'],
      [{ seconds: 0 }, 'seconds', 'The seconds must be between 1 and 315360000 (ten years).'],
      [{ seconds: -60 }, 'seconds', 'The seconds must be between 1 and 315360000 (ten years).'],
      [
        { seconds: 315360001 },
        'seconds',
        'The seconds must be between 1 and 315360000 (ten years).',
      ],
      [{ seconds: 1.5 }, 'seconds', 'The seconds must be an integer.'],
      [{ seconds: '60' }, 'seconds', 'The seconds must be an integer.'],
      [
        { seconds: 60, minutes: 1 },
        'minutes',
        'minutes is/are not required and should not be sent',
      ],
    ])('refuses %j naming %s', async (body, field, description) => {
      const key = await newKey(gateway, 'test');
      expect(await advance(key, body)).toMatchObject({
        status: 400,
        body: { error: { code: 'BAD_REQUEST_ERROR', field, description } },
      });
      expect(await forwardedOffset(key)).toBeNull();
    });

    it('refuses malformed JSON, and answers other methods like an unknown URL', async () => {
      const key = await newKey(gateway, 'test');
      expect(
        await api(gateway, {
          method: 'POST',
          url: '/v1/simulator/clock/advance',
          key,
          body: '{"seconds":',
        }),
      ).toMatchObject({
        status: 400,
        body: { error: { description: 'The request body is not valid JSON.' } },
      });
      expect(await api(gateway, { url: '/v1/simulator/clock/advance', key })).toMatchObject({
        status: 400,
        body: { error: { description: 'The requested URL was not found on the server.' } },
      });
      expect(
        (
          await api(gateway, {
            method: 'POST',
            url: '/v1/simulator/clock/advance',
            body: '{"seconds":60}',
          })
        ).status,
      ).toBe(401);
    });
  });

  describe('the checkout signature', () => {
    it('signs the simulator’s answer with the caller’s key secret, as checkout does', async () => {
      const key = await newKey(gateway, 'test');
      const { status, body } = await api(gateway, {
        method: 'POST',
        url: '/v1/simulator/payments',
        key,
        body: JSON.stringify({ order_id: 'order_EchoOrder0000001' }),
      });
      expect(status).toBe(200);
      expect(body).toMatchObject({
        razorpay_payment_id: 'pay_EchoPayment00001',
        razorpay_order_id: 'order_EchoOrder0000001',
        razorpay_signature: expect.stringMatching(/^[0-9a-f]{64}$/),
      });
      const params = { order_id: 'order_EchoOrder0000001', payment_id: 'pay_EchoPayment00001' };
      expect(
        validatePaymentVerification(params, body['razorpay_signature'] as string, key.secret),
      ).toBe(true);
      const other = await newKey(gateway, 'test');
      expect(
        validatePaymentVerification(params, body['razorpay_signature'] as string, other.secret),
      ).toBe(false);
    });
  });
});
