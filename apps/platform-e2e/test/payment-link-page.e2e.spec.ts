import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils';
import { chromiumInstalled, CHROMIUM, launchChromium } from './support/browser';
import { CUSTOMER, validatePaymentVerification, VISA } from './support/fixtures';
import { newAccount, platform, sdk, until } from './support/platform';
import type { PlatformAccount } from './support/platform';

type Row = Record<string, unknown>;
const WEBHOOK_SECRET = 'whsec_link_page_e2e_0123456789';

/** A test card whose bank asks for an OTP (123456) on the test bank's page. */
const OTP_CARD = { number: '4100 2800 0000 1007', expiry: '12/30', cvv: '123', otp: '123456' };

/**
 * A real HTTP server on 127.0.0.1, as a merchant's: the GETs of its callback page (the query each
 * arrived with) and the webhooks posted to it.
 */
async function merchantServer() {
  const callbacks: URLSearchParams[] = [];
  const webhooks: { headers: IncomingHttpHeaders; body: Row; raw: string }[] = [];
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (request.method === 'GET' && url.pathname === '/paid') {
      callbacks.push(url.searchParams);
      response.writeHead(200, { 'content-type': 'text/html' }).end('<h1>Thank you</h1>');
      return;
    }
    // Anything else (the browser's favicon): nothing here.
    if (request.method !== 'POST' || url.pathname !== '/razorpay/webhooks')
      return void response.writeHead(404).end();
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      webhooks.push({ headers: request.headers, body: JSON.parse(raw) as Row, raw });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    callbackUrl: `${origin}/paid?order=7`,
    webhookUrl: `${origin}/razorpay/webhooks`,
    callbacks,
    webhooks,
    close: () =>
      new Promise<void>((resolve) => (server.close(() => resolve()), server.closeAllConnections())),
  };
}

/** The link's page through the gateway (its short_url's path on the platform's address). */
const pageUrl = (shortUrl: string) => `${platform.baseUrl}${new URL(shortUrl).pathname}`;

/** Pays on the link's page with the OTP card: the Pay button, then the checkout modal and the bank's page. */
async function payOnPage(page: Page, amount?: string): Promise<void> {
  if (amount !== undefined) await page.getByLabel('Amount to pay').fill(amount);
  await page.getByRole('button', { name: /^Pay/ }).click();
  const modal = page.frameLocator('iframe').first();
  await modal.getByLabel('Phone').fill('+919000090000');
  await modal.getByLabel('Email').fill('gaurav.kumar@example.com');
  await modal.getByRole('button', { name: 'Card' }).click();
  await modal.getByLabel('Card number').fill(OTP_CARD.number);
  await modal.getByLabel('Expiry').fill(OTP_CARD.expiry);
  await modal.getByLabel('CVV').fill(OTP_CARD.cvv);
  await modal.getByRole('button', { name: /^Pay/ }).click();
  const bank = modal.frameLocator('iframe').first();
  await bank.getByLabel('OTP').fill(OTP_CARD.otp);
  await bank.getByRole('button', { name: 'Submit' }).click();
}

// Without Chromium the suite is reported as skipped, its title saying why (npm test stays green there).
const suite = chromiumInstalled ? describe : describe.skip;

suite(
  chromiumInstalled
    ? 'a payment link’s page, paid in Chromium through the checkout'
    : `a payment link’s page (skipped: ${CHROMIUM} is not installed; apt-get install chromium)`,
  () => {
    let browser: Browser;
    let merchant: PlatformAccount;
    let server: Awaited<ReturnType<typeof merchantServer>>;
    const policyViolations: string[] = [];

    beforeAll(async () => {
      browser = await launchChromium();
      merchant = await newAccount('Payment Link Page E2E');
      server = await merchantServer();
    });

    afterAll(async () => {
      await browser?.close();
      await server?.close();
    });

    afterEach(() => {
      // Every page ran under its Content-Security-Policy without being refused anything.
      expect(policyViolations).toEqual([]);
    });

    const open = async (url: string): Promise<Page> => {
      const page = await (await browser.newContext()).newPage();
      page.on('console', (message) => {
        if (message.text().includes('Content Security Policy'))
          policyViolations.push(message.text());
      });
      await page.goto(url);
      return page;
    };

    it('is paid in two parts: each lands on the callback_url signed for the SDK, and both webhooks arrive', async () => {
      const rzp = sdk(merchant.test);
      await rzp.webhooks.create(
        {
          url: server.webhookUrl,
          events: ['payment_link.partially_paid', 'payment_link.paid'],
          secret: WEBHOOK_SECRET,
        } as never,
        merchant.accountId,
      );
      const referenceId = `LP-${Date.now()}`;
      const link = await rzp.paymentLink.create({
        amount: 120000,
        currency: 'INR',
        accept_partial: true,
        first_min_partial_amount: 50000,
        reference_id: referenceId,
        description: 'Tuition for March',
        customer: CUSTOMER,
        callback_url: server.callbackUrl,
        callback_method: 'get',
      });

      const page = await open(pageUrl(link.short_url));
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(
        'Tuition for March',
      );
      await expect(page.locator('body').textContent()).resolves.toContain('₹1,200.00');
      // Below the first payment's minimum: refused on the page, before the checkout opens.
      await page.getByLabel('Amount to pay').fill('100.00');
      await page.getByRole('button', { name: /^Pay/ }).click();
      await expect(page.getByRole('status').textContent()).resolves.toBe(
        'The amount must be at least ₹500.00.',
      );

      await payOnPage(page, '500.00');
      await page.waitForURL((url) => url.pathname === '/paid', { timeout: 45_000 });
      const firstSearch = new URL(page.url()).search;
      expect(server.callbacks).toHaveLength(1);
      const first = Object.fromEntries(server.callbacks[0]);
      expect(first).toMatchObject({
        order: '7', // the callback_url's own query stays
        razorpay_payment_id: expect.stringMatching(/^pay_[0-9A-Za-z]{14}$/),
        razorpay_payment_link_id: link.id,
        razorpay_payment_link_reference_id: referenceId,
        razorpay_payment_link_status: 'partially_paid',
      });
      const verifies = (query: Record<string, string>, secret: string) =>
        validatePaymentVerification(
          {
            payment_link_id: query['razorpay_payment_link_id'],
            payment_id: query['razorpay_payment_id'],
            payment_link_reference_id: query['razorpay_payment_link_reference_id'],
            payment_link_status: query['razorpay_payment_link_status'],
          },
          query['razorpay_signature'],
          secret,
        );
      expect(verifies(first, merchant.test.secret)).toBe(true);
      expect(
        verifies({ ...first, razorpay_payment_link_status: 'paid' }, merchant.test.secret),
      ).toBe(false);
      expect(await rzp.paymentLink.fetch(link.id)).toMatchObject({
        status: 'partially_paid',
        amount_paid: 50000,
      });

      // Back on the page: what was paid, and the rest (the amount field starts at what is due).
      await page.goto(pageUrl(link.short_url));
      await expect(page.locator('body').textContent()).resolves.toContain('Partially paid');
      await expect(page.getByLabel('Amount to pay').inputValue()).resolves.toBe('700.00');
      await payOnPage(page);
      // The browser has landed on the callback (not only sent it): a goto before that is interrupted by it.
      await page.waitForURL((url) => url.pathname === '/paid' && url.search !== firstSearch, {
        timeout: 45_000,
      });
      await until(async () => server.callbacks.length === 2, 'the second callback', 45_000);
      const second = Object.fromEntries(server.callbacks[1]);
      expect(second).toMatchObject({
        razorpay_payment_link_id: link.id,
        razorpay_payment_link_status: 'paid',
      });
      expect(second['razorpay_payment_id']).not.toBe(first['razorpay_payment_id']);
      expect(verifies(second, merchant.test.secret)).toBe(true);

      const events = await until(async () => {
        const bodies = server.webhooks.map((request) => request.body);
        return bodies.length >= 2 ? bodies : null;
      }, 'payment_link.partially_paid and payment_link.paid');
      for (const request of server.webhooks)
        expect(
          validateWebhookSignature(
            request.raw,
            request.headers['x-razorpay-signature'] as string,
            WEBHOOK_SECRET,
          ),
        ).toBe(true);
      expect(events.find((body) => body['event'] === 'payment_link.partially_paid')).toMatchObject({
        payload: {
          payment_link: { entity: { id: link.id, status: 'partially_paid', amount_paid: 50000 } },
          payment: { entity: { id: first['razorpay_payment_id'], amount: 50000 } },
        },
      });
      expect(events.find((body) => body['event'] === 'payment_link.paid')).toMatchObject({
        payload: {
          payment_link: { entity: { id: link.id, status: 'paid', amount_paid: 120000 } },
          payment: { entity: { id: second['razorpay_payment_id'], amount: 70000 } },
        },
      });

      // Paid: the page says so and takes no more payments; nor does its checkout lookup.
      await page.goto(pageUrl(link.short_url));
      await expect(page.locator('body').textContent()).resolves.toContain(
        'This payment link is paid in full.',
      );
      await expect(page.getByRole('button', { name: /^Pay/ }).count()).resolves.toBe(0);
      const lookup = await fetch(`${platform.baseUrl}/v1/checkout/pages/${link.id}`);
      expect(lookup.status).toBe(400);
      await expect(lookup.json()).resolves.toMatchObject({
        error: { description: 'This page cannot take payments: the payment link is paid.' },
      });
    });

    it('without a callback_url comes back to the page, which shows the link paid', async () => {
      const link = await sdk(merchant.test).paymentLink.create({
        amount: 25000,
        description: 'Membership',
      } as never);
      const page = await open(pageUrl(link.short_url));
      await payOnPage(page);
      await page.getByText('This payment link is paid in full.').waitFor({ timeout: 45_000 });
      expect(new URL(page.url()).pathname).toBe(`/l/${link.id}`);
      await expect(page.getByRole('button', { name: /^Pay/ }).count()).resolves.toBe(0);
    });

    it('a cancelled link’s page says so and has no Pay button; its callback signs nothing', async () => {
      const rzp = sdk(merchant.test);
      const link = await rzp.paymentLink.create({
        amount: 30000,
        callback_url: server.callbackUrl,
        callback_method: 'get',
      } as never);
      await rzp.paymentLink.cancel(link.id);
      const page = await open(pageUrl(link.short_url));
      await expect(page.locator('body').textContent()).resolves.toContain(
        'This payment link was cancelled',
      );
      await expect(page.getByRole('button', { name: /^Pay/ }).count()).resolves.toBe(0);
      // Nor does the checkout take a payment of its order from elsewhere: payments refuses it too.
      const checkout = await fetch(`${platform.baseUrl}/v1/checkout/payments`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          key_id: merchant.test.id,
          order_id: (link as unknown as Row)['order_id'],
          amount: 30000,
          currency: 'INR',
          email: CUSTOMER.email,
          contact: CUSTOMER.contact,
          method: 'card',
          card: VISA,
        }),
      });
      expect(checkout.status).toBe(400);
      expect(((await checkout.json()) as { error: Row }).error['description']).toContain(
        'cancelled',
      );
      const callback = await fetch(
        `${platform.baseUrl}/v1/checkout/pages/${link.id}/callback?razorpay_payment_id=pay_1Aa00000000001`,
        { redirect: 'manual' },
      );
      expect(callback.status).toBe(400);
      await expect(callback.json()).resolves.toMatchObject({
        error: {
          description: 'The payment was not made on this payment link.',
          field: 'razorpay_payment_id',
        },
      });
    });
  },
);
