import { readFileSync } from 'node:fs';
import type { Browser, Page } from 'playwright-core';
import {
  chromiumInstalled,
  CHROMIUM,
  launchChromium,
  openDashboard,
  screenshot,
  signIn,
} from './support/browser';
import { DAY, VISA } from './support/fixtures';
import { adminCall, call, newAccount, sdk, until } from './support/platform';
import type { KeyPair, PlatformAccount } from './support/platform';

type Rzp = ReturnType<typeof sdk>;
type Row = Record<string, unknown>;

/** An authorized payment of `amount` paise, made as an integrator makes one: an order by the SDK, then checkout. */
async function authorizedPayment(rzp: Rzp, key: KeyPair, amount: number): Promise<string> {
  const order = await rzp.orders.create({ amount, currency: 'INR', receipt: `dash-${amount}` });
  const paid = await call(key, 'POST', '/v1/simulator/payments', {
    order_id: order.id,
    method: 'card',
    card: VISA,
    email: 'gaurav.kumar@example.com',
  });
  expect(paid.status).toBe(200);
  return paid.body['razorpay_payment_id'] as string;
}

/** The CSV's lines of cells (RFC 4180: CRLF lines; a quoted cell may hold commas and doubled quotes). */
function csvRows(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let at = 0; at < text.length; at++) {
    const char = text[at];
    if (quoted && char === '"' && text[at + 1] === '"') {
      cell += '"';
      at++;
    } else if (char === '"') {
      quoted = !quoted;
    } else if (!quoted && (char === ',' || char === '\r')) {
      row.push(cell);
      cell = '';
      if (char === '\r') {
        rows.push(row);
        row = [];
        at++; // the \n
      }
    } else {
      cell += char;
    }
  }
  return rows;
}

// Without Chromium the suite is reported as skipped, its title saying why (npm test stays green there).
const suite = chromiumInstalled ? describe : describe.skip;

suite(
  chromiumInstalled
    ? 'the merchant dashboard at /dashboard, in Chromium, on the public API only'
    : `the merchant dashboard (skipped: ${CHROMIUM} is not installed; apt-get install chromium)`,
  () => {
    let browser: Browser;
    let merchant: PlatformAccount;
    let rzp: Rzp;
    const policyViolations: string[] = [];

    beforeAll(async () => {
      browser = await launchChromium();
      merchant = await newAccount('Dashboard E2E');
      rzp = sdk(merchant.test);
    });

    afterAll(async () => {
      await browser?.close();
    });

    afterEach(() => {
      // Every page ran under the gateway's Content-Security-Policy without being refused anything.
      expect(policyViolations).toEqual([]);
    });

    const open = async (key: KeyPair): Promise<Page> => {
      const page = await openDashboard(browser);
      page.on('console', (message) => {
        if (message.text().includes('Content Security Policy'))
          policyViolations.push(message.text());
      });
      await signIn(page, key);
      await page.getByTestId('mode-badge').waitFor();
      return page;
    };

    it('signs in with a test key, marks the session as test mode, and keeps the secret out of URLs, cookies and localStorage', async () => {
      const page = await open(merchant.test);
      await expect(page.getByTestId('mode-badge').textContent()).resolves.toBe('Test mode');
      for (const where of ['payments', 'settlements']) {
        await page.getByRole('link', { name: where[0].toUpperCase() + where.slice(1) }).click();
        expect(page.url()).not.toContain(merchant.test.secret);
      }
      // (A string: it runs in the page, whose globals this Node project does not type.)
      const stored = (await page.evaluate(
        '({ cookie: document.cookie, local: JSON.stringify({ ...localStorage }), session: JSON.stringify({ ...sessionStorage }) })',
      )) as { cookie: string; local: string; session: string };
      expect(stored.cookie).toBe('');
      expect(stored.local).not.toContain(merchant.test.secret);
      expect(stored.session).toContain(merchant.test.id);
      // Gone with the tab: a new one signs in again.
      const other = await openDashboard(browser);
      await expect(other.getByLabel('Key secret').isVisible()).resolves.toBe(true);
    });

    it('refuses a wrong secret with the API’s words, and stays on the sign-in form', async () => {
      const page = await openDashboard(browser);
      await signIn(page, { id: merchant.test.id, secret: 'not-the-secret' });
      await expect(page.getByRole('alert').textContent()).resolves.toBe(
        'The api key provided is invalid',
      );
      await expect(page.getByTestId('mode-badge').count()).resolves.toBe(0);
    });

    it('shows a payment made through the SDK, captures and refunds it from the page, as the API then confirms', async () => {
      const paymentId = await authorizedPayment(rzp, merchant.test, 123456);
      const page = await open(merchant.test);
      await page.getByRole('link', { name: 'Payments' }).click();
      await page.getByRole('link', { name: paymentId }).click();
      await expect(page.getByTestId('payment-status').textContent()).resolves.toBe('authorized');
      await expect(page.getByTestId('payment-amount').textContent()).resolves.toBe('₹1,234.56');
      await expect(page.getByTestId('card').textContent()).resolves.toMatch(/Visa .* •••• 1111/);

      await page.getByRole('button', { name: 'Capture ₹1,234.56' }).click();
      await page.getByTestId('payment-status').getByText('captured').waitFor();
      expect(await rzp.payments.fetch(paymentId)).toMatchObject({
        status: 'captured',
        captured: true,
      });

      await page.getByLabel('Refund amount').fill('100.50');
      await page.getByRole('button', { name: 'Refund' }).click();
      await page.getByTestId('payment-refunded').getByText('₹100.50').waitFor();
      const refunds = (await rzp.payments.fetchMultipleRefund(paymentId)).items;
      expect(refunds.map((refund) => refund.amount)).toEqual([10050]);
      await page.getByRole('table', { name: 'Refunds' }).getByText(refunds[0].id).waitFor();
      expect((await rzp.payments.fetch(paymentId)).amount_refunded).toBe(10050);

      // More than what is left: the API refuses, and the page says why.
      await page.getByLabel('Refund amount').fill('5000');
      await page.getByRole('button', { name: 'Refund' }).click();
      await page.getByRole('alert').waitFor();
      expect((await rzp.payments.fetch(paymentId)).amount_refunded).toBe(10050);
    });

    it('opens a payment’s timeline: its events oldest first, from the entity history API', async () => {
      const paymentId = await authorizedPayment(rzp, merchant.test, 5000);
      await rzp.payments.capture(paymentId, 5000, 'INR');
      await rzp.payments.refund(paymentId, { amount: 1000 });
      const history = await call(merchant.test, 'GET', `/v1/events?entity_id=${paymentId}`);
      expect(history.status).toBe(200);
      const events = history.body['items'] as Row[];
      const page = await open(merchant.test);
      await page.goto(`${page.url().split('#')[0]}#/payments/${paymentId}`);
      const timeline = page.getByRole('region', { name: 'Timeline' }).locator('li');
      await timeline.nth(events.length - 1).waitFor();
      expect(await timeline.locator('.timeline-type').allTextContents()).toEqual(
        events.map((event) => event['type']),
      );
      await screenshot(page, 'payment');
    });

    it('lists a settlement with its recon rows, and downloads them as a CSV equal to the API’s recon report', async () => {
      // Settled at the next daily cycle: a few days of payments and refunds on the account's test clock.
      expect(
        (
          await adminCall('PATCH', `/accounts/${merchant.accountId}/settlement_settings`, {
            mode: 'test',
            settlement_delay_days: 0,
          })
        ).status,
      ).toBe(200);
      for (const [day, amounts] of [[25000, 40000], [61000], [30500, 12000, 9900]].entries()) {
        for (const amount of amounts) {
          const id = await authorizedPayment(rzp, merchant.test, amount);
          await rzp.payments.capture(id, amount, 'INR');
          // A fifth of two payments back, and all of one (its status becomes refunded).
          if (amount === 40000 || amount === 30500)
            await rzp.payments.refund(id, { amount: amount / 5 });
          if (amount === 9900) await rzp.payments.refund(id, {});
        }
        expect(
          (await call(merchant.test, 'POST', '/v1/simulator/clock/advance', { seconds: DAY }))
            .status,
        ).toBe(200);
        await until(
          async () =>
            (await rzp.settlements.all({ count: 100 })).items.filter(
              (settlement) => settlement.status === 'processed',
            ).length > day,
          `the settlement of day ${day}`,
        );
      }
      const settlements = (await rzp.settlements.all({ count: 100 })).items;
      const newest = settlements[0];
      const made = new Date((newest.created_at as number) * 1000);
      const report = (await rzp.settlements.reports({
        year: made.getUTCFullYear(),
        month: made.getUTCMonth() + 1,
        count: 1000,
      } as never)) as unknown as { items: Row[] };
      const rows = report.items.filter((row) => row['settlement_id'] === newest.id);
      expect(rows.length).toBeGreaterThan(0);

      const page = await open(merchant.test);
      await page.getByRole('link', { name: 'Settlements' }).click();
      await page.getByRole('link', { name: newest.id }).waitFor();
      await screenshot(page, 'settlements');
      await page.getByRole('link', { name: newest.id }).click();
      const shown = page.getByRole('table', { name: 'Recon rows' }).locator('tbody tr');
      await shown.nth(rows.length - 1).waitFor();
      await expect(shown.count()).resolves.toBe(rows.length);
      await screenshot(page, 'settlement');

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download recon CSV' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`recon-${newest.id}.csv`);
      const [header, ...lines] = csvRows(readFileSync(await download.path(), 'utf8'));
      expect(lines).toHaveLength(rows.length);
      const byEntity = new Map(lines.map((cells) => [cells[0], cells]));
      for (const row of rows) {
        const cells = byEntity.get(row['entity_id'] as string);
        expect(cells).toEqual(
          header.map((column) =>
            row[column] === null || row[column] === undefined ? '' : String(row[column]),
          ),
        );
      }
      await expect(page.getByTestId('settlement-amount').textContent()).resolves.toBe(
        formatRupees(newest.amount as number),
      );
    });

    it('shows the payments list and the home figures of the account', async () => {
      // Today on the account's clock (moved 3 days on above): one capture and a part of it refunded.
      const today = await authorizedPayment(rzp, merchant.test, 20050);
      await rzp.payments.capture(today, 20050, 'INR');
      await rzp.payments.refund(today, { amount: 107 });
      const page = await open(merchant.test);
      await page.getByRole('heading', { name: /Last 30 days/ }).waitFor();
      await expect(page.getByRole('img', { name: /Daily captured volume/ }).count()).resolves.toBe(
        1,
      );
      await expect(page.getByTestId('captured-today').textContent()).resolves.toContain('₹200.50');
      await expect(page.getByTestId('refunds-today').textContent()).resolves.toContain('₹1.07');
      await expect(page.getByTestId('disputes-open').textContent()).resolves.toContain('0');
      await screenshot(page, 'home');
      await page.getByRole('link', { name: 'Payments' }).click();
      const payments = (await rzp.payments.all({ count: 100 })).items;
      const rows = page.getByRole('table', { name: 'Payments' }).locator('tbody tr');
      await rows.nth(payments.length - 1).waitFor();
      await expect(rows.count()).resolves.toBe(payments.length);
      await page.getByLabel('Status').selectOption('refunded');
      const refunded = payments.filter((p) => p.status === 'refunded').map((p) => p.id);
      expect(refunded).toHaveLength(1);
      await rows.nth(1).waitFor({ state: 'detached' });
      await expect(rows.locator('td:first-child').allTextContents()).resolves.toEqual(refunded);
      await page.getByLabel('Status').selectOption('');
      await screenshot(page, 'payments');
    });

    it('never shows a test key live data: a live order is neither listed nor found by its id', async () => {
      const live = await sdk(merchant.live).orders.create({
        amount: 77700,
        currency: 'INR',
        receipt: 'live-only',
      });
      const livePage = await open(merchant.live);
      await expect(livePage.getByTestId('mode-badge').textContent()).resolves.toBe('Live mode');
      await livePage.getByRole('link', { name: 'Orders' }).click();
      await livePage.getByRole('link', { name: live.id }).waitFor();

      const page = await open(merchant.test);
      await page.getByRole('link', { name: 'Orders' }).click();
      await page.getByRole('table', { name: 'Orders' }).waitFor();
      await expect(page.getByText(live.id).count()).resolves.toBe(0);
      await page.getByLabel('Order id').fill(live.id);
      await page.getByRole('button', { name: 'Find' }).click();
      await expect(page.getByRole('alert').textContent()).resolves.toBe(
        'The id provided does not exist',
      );
      await page.getByRole('link', { name: 'Payments' }).click();
      await page.getByLabel('Payment id').fill(live.id);
      await page.getByRole('button', { name: 'Find' }).click();
      await page.getByRole('alert').waitFor();
      await expect(page.getByTestId('payment-amount').count()).resolves.toBe(0);
    });
  },
);

/** The page's format for a positive INR amount, written out independently of the dashboard's code. */
function formatRupees(paise: number): string {
  const rupees = String((paise - (paise % 100)) / 100);
  const lastThree = rupees.slice(-3);
  const rest = rupees.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',');
  return `₹${rest ? `${rest},` : ''}${lastThree}.${String(paise % 100).padStart(2, '0')}`;
}
