import 'reflect-metadata';
import type { RunningBroker } from '@platform/embedded-kafka';
import { startTestBroker, TEST_INTERNAL_TOKEN } from '@platform/service-testing';
import type { ServiceUnderTest } from '@platform/service-testing';
import { DataSource } from 'typeorm';
import { CHECKOUT_DOCUMENT } from '../src/checkout/checkout.fixtures';
import { MISSING_KEY_ID, NO_SIGNING_SECRET } from '../src/checkout/key-id-auth';
import { builtCheckout } from './checkout-build';
import { startCheckoutStandIn } from './checkout-stand-in';
import type { CheckoutStandIn, ReceivedCall } from './checkout-stand-in';
import { admin, basic, newKey, startGatewayBefore } from './gateway-calls';
import type { Key } from './gateway-calls';

// The official SDK's own check (utils/razorpay-utils), as integrators call it on their server.
const { validatePaymentVerification } = require('razorpay/dist/utils/razorpay-utils') as {
  validatePaymentVerification: (
    ids: Record<string, string>,
    signature: string,
    secret: string,
  ) => boolean;
};

const PAYMENT = 'pay_1Aa00000000001';
const ORDER = 'order_1Aa00000000001';
const SUBSCRIPTION = 'sub_1Aa00000000001';
const INVALID_KEY = 'The api key provided is invalid';

describe("Checkout's key-id-only operations on the gateway", () => {
  let broker: RunningBroker;
  let services: CheckoutStandIn;
  let gateway: ServiceUnderTest;
  let limited: ServiceUnderTest;
  let key: Key & { accountId: string };

  const startGateway = (env: Record<string, string> = {}) =>
    startGatewayBefore(
      broker,
      { payments: services.url, billing: services.url },
      { document: CHECKOUT_DOCUMENT, env: { CHECKOUT_DIR: builtCheckout(), ...env } },
    );

  beforeAll(async () => {
    broker = await startTestBroker();
    services = await startCheckoutStandIn();
    gateway = await startGateway();
    limited = await startGateway({
      CHECKOUT_ADDRESS_REQUESTS_PER_MINUTE: '5',
      CHECKOUT_KEY_REQUESTS_PER_MINUTE: '3',
      AUTH_FAILURES_PER_MINUTE: '3',
    });
    key = await newKey(gateway, 'test');
    services.answer('GET /v1/checkout/preferences', {
      body: { mode: 'test', options: { redirect: false }, acquirer: 'test_bank' },
    });
    services.answer('POST /v1/checkout/payments', (call) => {
      const body = JSON.parse(call.body) as { order_id?: string; subscription_id?: string };
      return {
        body: body.order_id
          ? { razorpay_payment_id: PAYMENT, razorpay_order_id: body.order_id, status: 'captured' }
          : {
              razorpay_payment_id: PAYMENT,
              razorpay_subscription_id: body.subscription_id,
              status: 'captured',
            },
      };
    });
    services.answer(`GET /v1/checkout/payments/${PAYMENT}`, {
      body: {
        razorpay_payment_id: PAYMENT,
        status: 'created',
        next: { action: 'authenticate', url: `/v1/checkout/test-bank/${PAYMENT}` },
      },
    });
  });

  afterAll(async () => {
    await limited.close();
    await gateway.close();
    await services.close();
    await broker.stop();
  });

  const call = (
    target: ServiceUnderTest,
    options: {
      method?: 'GET' | 'POST' | 'DELETE';
      url: string;
      body?: unknown;
      authorization?: string;
      address?: string;
    },
  ) =>
    target.app
      .inject({
        method: options.method ?? 'GET',
        url: options.url,
        remoteAddress: options.address,
        headers: {
          ...(options.authorization ? { authorization: options.authorization } : {}),
          ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        payload: options.body === undefined ? undefined : JSON.stringify(options.body),
      })
      .then((response) => ({
        status: response.statusCode,
        headers: response.headers,
        body: JSON.parse(response.body || '{}') as Record<string, unknown>,
      }));
  const lastCallTo = (route: string): ReceivedCall =>
    services.callsTo(route).at(-1) as ReceivedCall;
  const sdkVerifies = (
    ids: Record<string, string>,
    answer: Record<string, unknown>,
    secret: string,
  ) => validatePaymentVerification(ids, answer['razorpay_signature'] as string, secret);
  const refusal = (status: number, description: string) => ({
    status,
    body: { error: expect.objectContaining({ code: 'BAD_REQUEST_ERROR', description }) },
  });

  describe('authentication with the key id alone', () => {
    it("answers the preferences for key_id in the query, as the key's account and mode, with the merchant's name", async () => {
      const response = await call(gateway, { url: `/v1/preferences?key_id=${key.id}` });
      expect(response).toMatchObject({
        status: 200,
        body: { mode: 'test', acquirer: 'test_bank', merchant: { name: 'Acme' } },
      });
      const forwarded = lastCallTo('GET /v1/checkout/preferences');
      expect(forwarded.url).toBe(`/v1/checkout/preferences?key_id=${key.id}`);
      expect(forwarded.headers).toMatchObject({
        'x-account-id': key.accountId,
        'x-mode': 'test',
        'x-key-id': key.id,
        'x-internal-token': TEST_INTERNAL_TOKEN,
        'x-request-id': expect.any(String),
      });
    });

    it('takes the key id from a POST body, passing the body on as it came', async () => {
      const body = { key_id: key.id, order_id: ORDER, method: 'upi', vpa: 'success@razorpay' };
      const response = await call(gateway, { method: 'POST', url: '/v1/checkout/payments', body });
      expect(response.status).toBe(200);
      const forwarded = lastCallTo('POST /v1/checkout/payments');
      expect(JSON.parse(forwarded.body)).toEqual(body);
      expect(forwarded.headers).toMatchObject({
        'x-account-id': key.accountId,
        'x-key-id': key.id,
      });
    });

    it('takes HTTP Basic with the key id and an empty password, as WooCommerce and Magento ask', async () => {
      const response = await call(gateway, {
        url: '/v1/preferences',
        authorization: basic(key.id, ''),
      });
      expect(response).toMatchObject({ status: 200, body: { merchant: { name: 'Acme' } } });
    });

    it('takes HTTP Basic with the key pair, and refuses a password that is not the secret', async () => {
      expect(
        (await call(gateway, { url: '/v1/preferences', authorization: basic(key.id, key.secret) }))
          .status,
      ).toBe(200);
      const before = services.callsTo('GET /v1/checkout/preferences').length;
      expect(
        await call(gateway, {
          url: '/v1/preferences',
          authorization: basic(key.id, 'not-the-secret'),
        }),
      ).toMatchObject(refusal(401, INVALID_KEY));
      expect(services.callsTo('GET /v1/checkout/preferences')).toHaveLength(before);
    });

    it('refuses a key_id that is not the key of the Authorization header', async () => {
      const other = await newKey(gateway, 'test');
      expect(
        await call(gateway, {
          url: `/v1/preferences?key_id=${other.id}`,
          authorization: basic(key.id, ''),
        }),
      ).toMatchObject({ status: 400, body: { error: { field: 'key_id' } } });
    });

    it('refuses an unknown key, a revoked one and none at all with 401, asking no browser for a password', async () => {
      const revoked = await newKey(gateway, 'test', key.accountId);
      await admin(gateway, 'DELETE', `/admin/v1/keys/${revoked.id}`);
      for (const keyId of ['rzp_test_Unknown0000001', revoked.id]) {
        const response = await call(gateway, { url: `/v1/preferences?key_id=${keyId}` });
        expect(response).toMatchObject(refusal(401, INVALID_KEY));
        expect(response.headers['www-authenticate']).toBeUndefined();
      }
      expect(await call(gateway, { url: '/v1/preferences' })).toMatchObject(
        refusal(401, MISSING_KEY_ID),
      );
    });

    it('counts unknown keys as failed authentications of the address, which then is refused everywhere', async () => {
      const valid = await newKey(limited, 'test');
      const address = '203.0.113.7';
      for (let i = 0; i < 3; i++)
        expect(
          (
            await call(limited, {
              url: `/v1/preferences?key_id=rzp_test_Guess000000000${i}`,
              address,
            })
          ).status,
        ).toBe(401);
      const refused = await call(limited, { url: `/v1/preferences?key_id=${valid.id}`, address });
      expect(refused).toMatchObject(
        refusal(429, 'Too many requests. Please retry after some time.'),
      );
      expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      // The same count as the key pair API's.
      expect(
        (
          await call(limited, {
            url: '/v1/customers',
            authorization: basic(valid.id, valid.secret),
            address,
          })
        ).status,
      ).toBe(429);
      expect(
        (await call(limited, { url: `/v1/preferences?key_id=${valid.id}`, address: '203.0.113.8' }))
          .status,
      ).toBe(200);
    });
  });

  describe('rate limits', () => {
    it('limits the requests of one client address, whatever key it names', async () => {
      const keys = await Promise.all([1, 2, 3].map(() => newKey(limited, 'test')));
      const address = '198.51.100.20';
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push(
          (await call(limited, { url: `/v1/preferences?key_id=${keys[i % 3].id}`, address }))
            .status,
        );
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      expect((await call(limited, { url: '/v1/checkout.js', address })).status).toBe(429);
      expect(
        (
          await call(limited, {
            url: `/v1/preferences?key_id=${keys[0].id}`,
            address: '198.51.100.21',
          })
        ).status,
      ).toBe(200);
    });

    it('counts every address of an IPv6 /64 as one client, so rotating addresses within it is no way round', async () => {
      const keys = await Promise.all([1, 2, 3].map(() => newKey(limited, 'test')));
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++)
        statuses.push(
          (
            await call(limited, {
              url: `/v1/preferences?key_id=${keys[i % 3].id}`,
              address: `2001:db8:42:7::${(i + 1).toString(16)}`,
            })
          ).status,
        );
      expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
      expect(
        (
          await call(limited, {
            url: `/v1/preferences?key_id=${keys[0].id}`,
            address: '2001:db8:42:8::1',
          })
        ).status,
      ).toBe(200);
    });

    it('limits the requests of one key id, from whatever address', async () => {
      const limitedKey = await newKey(limited, 'test');
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++)
        statuses.push(
          (
            await call(limited, {
              url: `/v1/preferences?key_id=${limitedKey.id}`,
              address: `192.0.2.${i + 1}`,
            })
          ).status,
        );
      expect(statuses).toEqual([200, 200, 200, 429]);
      const other = await newKey(limited, 'test');
      expect(
        (await call(limited, { url: `/v1/preferences?key_id=${other.id}`, address: '192.0.2.9' }))
          .status,
      ).toBe(200);
    });
  });

  describe('signing with the secret the gateway keeps', () => {
    it("signs a payment of an order so the SDK verifies it with the key's secret", async () => {
      const response = await call(gateway, {
        method: 'POST',
        url: '/v1/checkout/payments',
        body: { key_id: key.id, order_id: ORDER, method: 'upi', vpa: 'success@razorpay' },
      });
      expect(response.body).toMatchObject({
        razorpay_payment_id: PAYMENT,
        razorpay_order_id: ORDER,
      });
      expect(sdkVerifies({ order_id: ORDER, payment_id: PAYMENT }, response.body, key.secret)).toBe(
        true,
      );
      expect(
        sdkVerifies({ order_id: ORDER, payment_id: PAYMENT }, response.body, 'another secret'),
      ).toBe(false);
    });

    it("signs a subscription's authorization payment_id|subscription_id", async () => {
      const response = await call(gateway, {
        method: 'POST',
        url: '/v1/checkout/payments',
        body: {
          key_id: key.id,
          subscription_id: SUBSCRIPTION,
          method: 'upi',
          vpa: 'success@razorpay',
        },
      });
      expect(
        sdkVerifies(
          { subscription_id: SUBSCRIPTION, payment_id: PAYMENT },
          response.body,
          key.secret,
        ),
      ).toBe(true);
    });

    it('signs nothing that carries no order or subscription (a payment still authenticating)', async () => {
      const response = await call(gateway, {
        url: `/v1/checkout/payments/${PAYMENT}?key_id=${key.id}`,
      });
      expect(response.body).toEqual({
        razorpay_payment_id: PAYMENT,
        status: 'created',
        next: { action: 'authenticate', url: `/v1/checkout/test-bank/${PAYMENT}` },
      });
    });

    it('refuses a key whose secret it does not keep yet before forwarding anything, until the key is used with its secret', async () => {
      const old = await newKey(gateway, 'test', key.accountId);
      await gateway.app
        .get(DataSource)
        .query('UPDATE api_keys SET sealed_secret = NULL WHERE id = $1', [old.id]);
      const before = services.received.length;
      const body = { key_id: old.id, order_id: ORDER, method: 'upi', vpa: 'success@razorpay' };
      expect(
        await call(gateway, { method: 'POST', url: '/v1/checkout/payments', body }),
      ).toMatchObject(refusal(400, NO_SIGNING_SECRET));
      expect(services.received).toHaveLength(before);
      // One call of the key pair API with the secret (billing answers it, whatever it answers).
      await call(gateway, { url: '/v1/customers', authorization: basic(old.id, old.secret) });
      const paid = await call(gateway, { method: 'POST', url: '/v1/checkout/payments', body });
      expect(paid.status).toBe(200);
      expect(sdkVerifies({ order_id: ORDER, payment_id: PAYMENT }, paid.body, old.secret)).toBe(
        true,
      );
    });
  });

  it('keeps the answer of a POST with an idempotency key for its retries, as the key pair API does', async () => {
    const send = () =>
      gateway.app.inject({
        method: 'POST',
        url: '/v1/checkout/payments',
        headers: { 'content-type': 'application/json', 'idempotency-key': `retry-${key.id}` },
        payload: JSON.stringify({ key_id: key.id, order_id: ORDER, method: 'upi' }),
      });
    const before = services.callsTo('POST /v1/checkout/payments').length;
    const first = await send();
    const retry = await send();
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(services.callsTo('POST /v1/checkout/payments')).toHaveLength(before + 1);
    expect(lastCallTo('POST /v1/checkout/payments').headers['x-idempotency-key']).toBe(
      `api:retry-${key.id}`,
    );
  });

  describe('the key pair API', () => {
    it('never serves a Checkout operation: a method Checkout does not serve is an unknown URL there', async () => {
      const before = services.received.length;
      expect(
        await call(gateway, {
          method: 'DELETE',
          url: '/v1/checkout/payments',
          authorization: basic(key.id, key.secret),
        }),
      ).toMatchObject(refusal(400, 'The requested URL was not found on the server.'));
      expect(services.received).toHaveLength(before);
    });

    it('answers a Checkout operation with the key id alone, which the key pair API would refuse', async () => {
      expect(
        (await call(gateway, { url: `/v1/checkout/payments/${PAYMENT}?key_id=${key.id}` })).status,
      ).toBe(200);
      expect((await call(gateway, { url: `/v1/customers?key_id=${key.id}` })).status).toBe(401);
    });
  });
});
