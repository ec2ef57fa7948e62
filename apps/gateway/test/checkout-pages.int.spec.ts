import 'reflect-metadata';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import type { RunningBroker } from '@platform/embedded-kafka';
import { startTestBroker, TEST_INTERNAL_TOKEN } from '@platform/service-testing';
import type { ServiceUnderTest } from '@platform/service-testing';
import { DataSource } from 'typeorm';
import { CHECKOUT_DOCUMENT } from '../src/checkout/checkout.fixtures';
import { CHECKOUT_NOT_BUILT } from '../src/checkout/checkout-files';
import { NO_SIGNING_SECRET } from '../src/checkout/key-id-auth';
import { NO_SIGNING_KEY } from '../src/checkout/page-owner.routes';
import { NOT_PAID_ON_LINK } from '../src/checkout/payment-link-callback.routes';
import { builtCheckout, CHECKOUT_BUILD } from './checkout-build';
import { startCheckoutStandIn } from './checkout-stand-in';
import type { CheckoutStandIn } from './checkout-stand-in';
import { admin, newKey, startGatewayBefore } from './gateway-calls';
import type { Key } from './gateway-calls';

const MODAL_POLICY =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; frame-src 'self'; img-src 'self' data: https: http:";
const PAYMENT = 'pay_1Aa00000000001';
const INVOICE = 'inv_1Aa00000000001';
const SUBSCRIPTION = 'sub_1Aa00000000001';
const LINK = 'plink_1Aa00000000001';
// The official SDK's own check (utils/razorpay-utils), as integrators call it.
const { validatePaymentVerification } = require('razorpay/dist/utils/razorpay-utils') as {
  validatePaymentVerification: (
    params: Record<string, string>,
    signature: string,
    secret: string,
  ) => boolean;
};

describe("Checkout's pages and files on the gateway", () => {
  let broker: RunningBroker;
  let services: CheckoutStandIn;
  let gateway: ServiceUnderTest;
  let notBuilt: ServiceUnderTest;
  let limited: ServiceUnderTest;
  let key: Key & { accountId: string };

  beforeAll(async () => {
    broker = await startTestBroker();
    services = await startCheckoutStandIn();
    const upstreams = { payments: services.url, billing: services.url };
    gateway = await startGatewayBefore(broker, upstreams, {
      document: CHECKOUT_DOCUMENT,
      env: { CHECKOUT_DIR: builtCheckout() },
    });
    notBuilt = await startGatewayBefore(broker, upstreams, {
      env: { CHECKOUT_DIR: join(tmpdir(), 'no-checkout-here') },
    });
    limited = await startGatewayBefore(broker, upstreams, {
      env: { CHECKOUT_DIR: builtCheckout(), PUBLIC_PAGE_ADDRESS_REQUESTS_PER_MINUTE: '3' },
    });
    key = await newKey(gateway, 'test');
  });

  afterAll(async () => {
    await notBuilt.close();
    await limited.close();
    await gateway.close();
    await services.close();
    await broker.stop();
  });

  const get = (target: ServiceUnderTest, url: string, headers: Record<string, string> = {}) =>
    target.app.inject({ method: 'GET', url, headers });
  const postForm = (target: ServiceUnderTest, url: string, fields: Record<string, string>) =>
    target.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });

  describe('the checkout app’s files', () => {
    it.each(['/v1/checkout.js', '/checkout.js'])(
      'serves checkout.js at %s, revalidated after five minutes',
      async (url) => {
        const script = await get(gateway, url);
        expect(script.statusCode).toBe(200);
        expect(script.body).toBe(CHECKOUT_BUILD['checkout.js']);
        expect(script.headers).toMatchObject({
          'content-type': 'application/javascript; charset=utf-8',
          'x-content-type-options': 'nosniff',
          'cache-control': 'public, max-age=300',
        });
        const again = await get(gateway, url, { 'if-none-match': String(script.headers['etag']) });
        expect({ status: again.statusCode, body: again.body }).toEqual({ status: 304, body: '' });
      },
    );

    it('serves the modal page framable by any page, posting no form, asked for every time', async () => {
      const page = await get(gateway, '/v1/checkout/public');
      expect(page.statusCode).toBe(200);
      expect(page.body).toBe(CHECKOUT_BUILD['frame.html']);
      expect(page.headers).toMatchObject({
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': `${MODAL_POLICY}; form-action 'none'; frame-ancestors *`,
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-cache',
      });
      expect(page.headers['x-frame-options']).toBeUndefined();
    });

    it('serves the named assets only, nothing else of the directory', async () => {
      for (const name of ['frame.js', 'frame.css', 'pay-page.js'] as const) {
        const asset = await get(gateway, `/v1/checkout/assets/${name}`);
        expect({ name, status: asset.statusCode, body: asset.body }).toEqual({
          name,
          status: 200,
          body: CHECKOUT_BUILD[name],
        });
      }
      expect((await get(gateway, '/v1/checkout/assets/frame.css')).headers['content-type']).toBe(
        'text/css; charset=utf-8',
      );
      for (const url of [
        '/v1/checkout/assets/secrets.txt',
        '/v1/checkout/assets/checkout.js',
        '/v1/checkout/assets/..%2Fsecrets.txt',
      ])
        expect((await get(gateway, url)).statusCode).toBe(404);
      expect((await get(gateway, '/v1/checkout/frame.html')).statusCode).not.toBe(200);
    });

    it('answers 503 saying how to build it while the build is missing: a page for a page, else the envelope', async () => {
      const script = await get(notBuilt, '/v1/checkout.js');
      expect(script.statusCode).toBe(503);
      expect(script.json()).toMatchObject({
        error: { code: 'SERVER_ERROR', description: CHECKOUT_NOT_BUILT },
      });
      const page = await get(notBuilt, '/v1/checkout/public');
      expect(page.statusCode).toBe(503);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.body).toContain('npx nx run checkout:build');
      expect(page.body).not.toMatch(/ at .*\.(ts|js):\d+/);
    });
  });

  describe('Hosted Checkout', () => {
    const FIELDS = {
      key_id: '',
      order_id: 'order_1Aa00000000001',
      amount: '50000',
      name: 'Acme',
      description: '</script><script>alert(1)</script>',
      'prefill[email]': 'gaurav@example.com',
      'notes[shipping]': 'express',
      callback_url: 'https://shop.example.com/razorpay/callback?order=7',
      cancel_url: 'https://shop.example.com/cart',
    };
    const optionsOf = (body: string) => {
      const element =
        /<script type="application\/json" id="checkout-options">(.*?)<\/script>/s.exec(body);
      return element ? (JSON.parse(element[1]) as Record<string, unknown>) : null;
    };

    it('answers the modal page as a whole page, the fields as its options, posting only to the callback’s origin', async () => {
      const page = await postForm(gateway, '/v1/checkout/embedded', { ...FIELDS, key_id: key.id });
      expect(page.statusCode).toBe(200);
      expect(optionsOf(page.body)).toEqual({
        key: key.id,
        order_id: FIELDS.order_id,
        amount: 50000,
        name: 'Acme',
        description: FIELDS.description,
        prefill: { email: 'gaurav@example.com' },
        notes: { shipping: 'express' },
        callback_url: FIELDS.callback_url,
        cancel_url: FIELDS.cancel_url,
        redirect: true,
      });
      // The description's </script> stays inside the JSON: one script element of options, then the page's own.
      expect(page.body.match(/<script/g)).toHaveLength(2);
      expect(page.body).toContain('<main id="checkout"></main>');
      expect(page.headers).toMatchObject({
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        'content-security-policy': `${MODAL_POLICY}; form-action https://shop.example.com; frame-ancestors 'none'`,
      });
    });

    it('answers a page naming each missing field', async () => {
      const page = await postForm(gateway, '/v1/checkout/embedded', { amount: '100' });
      expect(page.statusCode).toBe(400);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      for (const field of ['key_id', 'order_id', 'callback_url'])
        expect(page.body).toContain(`${field} is required`);
    });

    it('answers a page saying the key is unknown, or cannot sign yet', async () => {
      const unknown = await postForm(gateway, '/v1/checkout/embedded', {
        ...FIELDS,
        key_id: 'rzp_test_Unknown0000001',
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.body).toContain('key_id is not the key id of an active key.');
      const old = await newKey(gateway, 'test', key.accountId);
      await gateway.app
        .get(DataSource)
        .query('UPDATE api_keys SET sealed_secret = NULL WHERE id = $1', [old.id]);
      const unsealed = await postForm(gateway, '/v1/checkout/embedded', {
        ...FIELDS,
        key_id: old.id,
      });
      expect(unsealed.statusCode).toBe(400);
      expect(unsealed.body).toContain(NO_SIGNING_SECRET.slice(0, 40));
    });
  });

  describe("the pay pages' lookup", () => {
    const owner = (accountId: string, mode: string, paid: object) => ({
      body: { account_id: accountId, mode, ...paid },
    });

    it("answers an invoice's newest active key of its account and mode that can sign, with the order", async () => {
      const first = await newKey(gateway, 'test', key.accountId);
      const newest = await newKey(gateway, 'test', key.accountId);
      await newKey(gateway, 'live', key.accountId);
      const unsealed = await newKey(gateway, 'test', key.accountId);
      await gateway.app
        .get(DataSource)
        .query('UPDATE api_keys SET sealed_secret = NULL WHERE id = $1', [unsealed.id]);
      services.answer(
        `GET /internal/checkout-pages/${INVOICE}`,
        owner(key.accountId, 'test', { order_id: 'order_1Aa00000000009' }),
      );
      const answer = await get(gateway, `/v1/checkout/pages/${INVOICE}`);
      expect({ status: answer.statusCode, body: answer.json() }).toEqual({
        status: 200,
        body: { key_id: newest.id, order_id: 'order_1Aa00000000009' },
      });
      expect(services.callsTo(`GET /internal/checkout-pages/${INVOICE}`)[0].headers).toMatchObject({
        'x-internal-token': TEST_INTERNAL_TOKEN,
      });
      await admin(gateway, 'DELETE', `/admin/v1/keys/${newest.id}`);
      expect((await get(gateway, `/v1/checkout/pages/${INVOICE}`)).json()).toEqual({
        key_id: first.id,
        order_id: 'order_1Aa00000000009',
      });
    });

    it("answers a subscription's key and subscription", async () => {
      services.answer(
        `GET /internal/checkout-pages/${SUBSCRIPTION}`,
        owner(key.accountId, 'test', { subscription_id: SUBSCRIPTION }),
      );
      expect((await get(gateway, `/v1/checkout/pages/${SUBSCRIPTION}`)).json()).toEqual({
        key_id: expect.stringMatching(/^rzp_test_/),
        subscription_id: SUBSCRIPTION,
      });
    });

    it('passes on why billing says a page cannot take payments', async () => {
      const refusal = {
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'This page cannot take payments: the invoice is paid.',
          source: 'business',
          step: 'NA',
          reason: 'NA',
          metadata: {},
        },
      };
      services.answer('GET /internal/checkout-pages/inv_1Aa00000000002', {
        status: 400,
        body: refusal,
      });
      const answer = await get(gateway, '/v1/checkout/pages/inv_1Aa00000000002');
      expect({ status: answer.statusCode, body: answer.json() }).toEqual({
        status: 400,
        body: refusal,
      });
    });

    it('refuses a page of an account with no key Checkout can sign with', async () => {
      services.answer(
        'GET /internal/checkout-pages/inv_1Aa00000000003',
        owner('acc_NoKeys00000001', 'live', { order_id: 'order_1Aa00000000003' }),
      );
      const answer = await get(gateway, '/v1/checkout/pages/inv_1Aa00000000003');
      expect({ status: answer.statusCode, body: answer.json() }).toMatchObject({
        status: 400,
        body: { error: { description: NO_SIGNING_KEY } },
      });
    });

    it('answers an id of no invoice or subscription as unknown without asking billing', async () => {
      const before = services.received.length;
      for (const id of ['pay_1Aa00000000001', 'inv_short', 'inv_1Aa0000000000%2F'])
        expect((await get(gateway, `/v1/checkout/pages/${id}`)).json()).toMatchObject({
          error: { description: 'The id provided does not exist' },
        });
      expect(services.received).toHaveLength(before);
    });
  });

  describe("a payment link's page", () => {
    const linkAnswer = (fields: Record<string, unknown> = {}) => ({
      body: {
        account_id: key.accountId,
        mode: 'test',
        order_id: 'order_1Aa00000000007',
        key_id: key.id,
        status: 'partially_paid',
        reference_id: 'TS-7',
        callback_url: 'https://shop.example.com/paid?cart=7',
        payment_ids: [PAYMENT],
        ...fields,
      },
    });
    const callback = (paymentId: string) =>
      get(gateway, `/v1/checkout/pages/${LINK}/callback?razorpay_payment_id=${paymentId}`);

    it('opens Checkout with the key that made the link and its order; a closed link is refused', async () => {
      services.answer(`GET /internal/payment-links/${LINK}/checkout`, linkAnswer());
      const answer = await get(gateway, `/v1/checkout/pages/${LINK}`);
      expect({ status: answer.statusCode, body: answer.json() }).toEqual({
        status: 200,
        body: { key_id: key.id, order_id: 'order_1Aa00000000007' },
      });
      services.answer(
        `GET /internal/payment-links/${LINK}/checkout`,
        linkAnswer({ status: 'cancelled' }),
      );
      expect((await get(gateway, `/v1/checkout/pages/${LINK}`)).json()).toMatchObject({
        error: { description: 'This page cannot take payments: the payment link is cancelled.' },
      });
    });

    it('redirects a counted payment to the callback_url, signed with the link key’s secret as the SDK checks it', async () => {
      services.answer(`GET /internal/payment-links/${LINK}/checkout`, linkAnswer());
      const answer = await callback(PAYMENT);
      expect(answer.statusCode).toBe(303);
      const location = new URL(String(answer.headers['location']));
      expect(`${location.origin}${location.pathname}`).toBe('https://shop.example.com/paid');
      const query = Object.fromEntries(location.searchParams);
      expect(query).toMatchObject({
        cart: '7',
        razorpay_payment_id: PAYMENT,
        razorpay_payment_link_id: LINK,
        razorpay_payment_link_reference_id: 'TS-7',
        razorpay_payment_link_status: 'partially_paid',
      });
      const ids = {
        payment_link_id: LINK,
        payment_id: PAYMENT,
        payment_link_reference_id: 'TS-7',
        payment_link_status: 'partially_paid',
      };
      expect(validatePaymentVerification(ids, query['razorpay_signature'], key.secret)).toBe(true);
      expect(
        validatePaymentVerification(
          { ...ids, payment_link_status: 'paid' },
          query['razorpay_signature'],
          key.secret,
        ),
      ).toBe(false);
    });

    it('sends the customer back to the page without a callback_url, and signs nothing for a payment the link did not count', async () => {
      services.answer(
        `GET /internal/payment-links/${LINK}/checkout`,
        linkAnswer({ callback_url: null }),
      );
      const back = await callback(PAYMENT);
      expect({ status: back.statusCode, location: back.headers['location'] }).toEqual({
        status: 303,
        location: `/l/${LINK}`,
      });
      services.answer(`GET /internal/payment-links/${LINK}/checkout`, linkAnswer());
      const foreign = await callback('pay_1Aa00000000009');
      expect({ status: foreign.statusCode, body: foreign.json() }).toMatchObject({
        status: 400,
        body: { error: { description: NOT_PAID_ON_LINK, field: 'razorpay_payment_id' } },
      });
      expect(foreign.headers['location']).toBeUndefined();
    });
  });

  describe("the test bank's page", () => {
    const PAGE =
      '<!doctype html><form method="post"><input name="otp"><button>Submit</button></form>';
    const POLICY =
      "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'self'";

    it('forwards the page of a payment to payments, with its headers', async () => {
      services.answer(`GET /internal/test-bank/${PAYMENT}/page.html`, {
        body: PAGE,
        type: 'text/html; charset=utf-8',
        headers: { 'content-security-policy': POLICY, 'cache-control': 'no-store' },
      });
      const page = await get(gateway, `/v1/checkout/test-bank/${PAYMENT}`);
      expect({ status: page.statusCode, body: page.body }).toEqual({ status: 200, body: PAGE });
      expect(page.headers).toMatchObject({
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': POLICY,
        'cache-control': 'no-store',
      });
      expect(
        services.callsTo(`GET /internal/test-bank/${PAYMENT}/page.html`)[0].headers,
      ).toMatchObject({ 'x-internal-token': TEST_INTERNAL_TOKEN });
    });

    it('forwards the answer to its challenge, the form as it came, and its outcome page back', async () => {
      services.answer(`POST /internal/test-bank/${PAYMENT}`, {
        body: '<!doctype html><p>Payment successful</p>',
        type: 'text/html; charset=utf-8',
      });
      const outcome = await postForm(gateway, `/v1/checkout/test-bank/${PAYMENT}`, { otp: '1234' });
      expect(outcome.statusCode).toBe(200);
      expect(outcome.body).toContain('Payment successful');
      const [taken] = services.callsTo(`POST /internal/test-bank/${PAYMENT}`);
      expect(taken.body).toBe('otp=1234');
      expect(taken.headers['content-type']).toBe('application/x-www-form-urlencoded');
    });

    it('answers an id of no payment like an unknown URL', async () => {
      expect(
        (await get(gateway, '/v1/checkout/test-bank/order_1Aa00000000001')).json(),
      ).toMatchObject({
        error: { description: 'The requested URL was not found on the server.' },
      });
    });
  });

  describe('the public pages’ limit per client address', () => {
    const PAGE_ROUTE = `GET /internal/payment-links/${LINK}/page.html`;
    const from = (
      address: string,
      request: { method: 'GET' | 'POST'; url: string; payload?: string } = {
        method: 'GET',
        url: `/l/${LINK}`,
      },
    ) =>
      limited.app.inject({
        ...request,
        remoteAddress: address,
        headers:
          request.method === 'POST' ? { 'content-type': 'application/x-www-form-urlencoded' } : {},
      });

    it('refuses the request past the limit with 429 in the envelope and Retry-After, not asking the service, whichever page it is', async () => {
      services.answer(PAGE_ROUTE, { body: '<!doctype html><p>Pay</p>', type: 'text/html' });
      services.answer(`GET /internal/test-bank/${PAYMENT}/page.html`, {
        body: '<!doctype html><form method="post"></form>',
        type: 'text/html',
      });
      services.answer(`POST /internal/test-bank/${PAYMENT}`, {
        body: '<!doctype html><p>Payment successful</p>',
        type: 'text/html',
      });
      const address = '198.51.100.30';
      const served = [
        await from(address),
        await from(address, { method: 'GET', url: `/v1/checkout/test-bank/${PAYMENT}` }),
        await from(address, {
          method: 'POST',
          url: `/v1/checkout/test-bank/${PAYMENT}`,
          payload: 'otp=1234',
        }),
      ];
      expect(served.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
      const asked = services.received.length;
      for (const url of [`/l/${LINK}`, `/v1/checkout/test-bank/${PAYMENT}`, `/i/${INVOICE}`]) {
        const refused = await from(address, { method: 'GET', url });
        expect({ url, status: refused.statusCode, body: refused.json() }).toEqual({
          url,
          status: 429,
          body: {
            error: expect.objectContaining({
              code: 'BAD_REQUEST_ERROR',
              description: 'Too many requests. Please retry after some time.',
            }),
          },
        });
        expect(Number(refused.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      }
      const answer = await from(address, {
        method: 'POST',
        url: `/v1/checkout/test-bank/${PAYMENT}`,
        payload: 'otp=1234',
      });
      expect(answer.statusCode).toBe(429);
      expect(services.received.length).toBe(asked);
      // Another address is served as before.
      expect((await from('198.51.100.31')).statusCode).toBe(200);
    });

    it('counts an IPv6 client per /64: rotating addresses within it gains nothing', async () => {
      services.answer(PAGE_ROUTE, { body: '<!doctype html><p>Pay</p>', type: 'text/html' });
      const statuses: number[] = [];
      for (const address of [
        '2001:db8:1:2::1',
        '2001:db8:1:2::2',
        '2001:db8:1:2:abcd:ef01:2345:6789',
        '2001:0db8:0001:0002::ffff',
      ])
        statuses.push((await from(address)).statusCode);
      expect(statuses).toEqual([200, 200, 200, 429]);
      expect((await from('2001:db8:1:3::1')).statusCode).toBe(200);
    });
  });
});
