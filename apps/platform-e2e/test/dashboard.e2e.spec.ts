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
import { CUSTOMER, DAY, DISPUTE_CARD, pdf, VISA } from './support/fixtures';
import { adminCall, call, newAccount, sdk, until } from './support/platform';
import type { KeyPair, PlatformAccount } from './support/platform';

type Rzp = ReturnType<typeof sdk>;
type Row = Record<string, unknown>;

/** An authorized payment of `amount` paise, made as an integrator makes one: an order by the SDK, then checkout. */
async function authorizedPayment(
  rzp: Rzp,
  key: KeyPair,
  amount: number,
  card: typeof VISA = VISA,
): Promise<string> {
  const order = await rzp.orders.create({ amount, currency: 'INR' });
  const paid = await call(key, 'POST', '/v1/simulator/payments', {
    order_id: order.id,
    method: 'card',
    card,
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

    /** The row of the table `table` that names `id`. */
    const rowOf = (page: Page, table: string, id: string) =>
      page.getByRole('table', { name: table }).getByRole('row').filter({ hasText: id });
    const goTo = async (page: Page, link: string) => {
      await page.getByRole('link', { name: link, exact: true }).click();
      await page.getByRole('heading', { name: link, exact: true }).waitFor();
    };

    it('closes a QR code shown with its image, issues and cancels invoices, and pauses, resumes and cancels a subscription, each as the API then shows', async () => {
      const code = await rzp.qrCode.create({
        type: 'upi_qr',
        usage: 'multiple_use',
        name: 'Counter',
      });
      const draft = (await rzp.invoices.create({
        type: 'invoice',
        draft: '1',
        customer: CUSTOMER,
        line_items: [{ name: 'Annual plan', amount: 100000, currency: 'INR', quantity: 1 }],
        sms_notify: 0,
        email_notify: 0,
      } as never)) as unknown as Row;
      const plan = await rzp.plans.create({
        period: 'monthly',
        interval: 1,
        item: { name: 'Silver', amount: 49900, currency: 'INR' },
      });
      const subscription = await rzp.subscriptions.create({ plan_id: plan.id, total_count: 12 });
      await until(async () => {
        const answer = await call(merchant.test, 'POST', '/v1/simulator/payments', {
          subscription_id: subscription.id,
          method: 'card',
          card: VISA,
        });
        return answer.status === 200;
      }, `payments to know ${subscription.id}`);
      await until(
        async () => (await rzp.subscriptions.fetch(subscription.id)).status === 'active',
        'the subscription’s activation',
      );
      const page = await open(merchant.test);

      await goTo(page, 'QR codes');
      const qr = rowOf(page, 'QR codes', code.id);
      const image = qr.getByRole('img');
      // Drawn from the gateway's /qr/<id>.png once loaded (0 wide if it was refused or broken).
      const width = await image.evaluate(
        (img: { complete: boolean; naturalWidth: number; decode: () => Promise<void> }) =>
          img.decode().then(
            () => img.naturalWidth,
            () => 0,
          ),
      );
      expect(width).toBeGreaterThan(0);
      await qr.getByRole('button', { name: 'Close' }).click();
      await qr.getByText('closed').waitFor();
      expect(await rzp.qrCode.fetch(code.id)).toMatchObject({ status: 'closed' });

      await goTo(page, 'Invoices');
      const invoice = rowOf(page, 'Invoices', draft['id'] as string);
      await invoice.getByRole('button', { name: 'Issue' }).click();
      await invoice.getByText('issued').waitFor();
      expect(await rzp.invoices.fetch(draft['id'] as string)).toMatchObject({ status: 'issued' });
      await invoice.getByRole('button', { name: 'Cancel' }).click();
      await invoice.getByText('cancelled').waitFor();
      expect(await rzp.invoices.fetch(draft['id'] as string)).toMatchObject({
        status: 'cancelled',
      });

      await goTo(page, 'Subscriptions');
      const row = rowOf(page, 'Subscriptions', subscription.id);
      await row.getByText('1 of 12').waitFor();
      for (const [button, status] of [
        ['Pause', 'paused'],
        ['Resume', 'active'],
        ['Cancel', 'cancelled'],
      ]) {
        await row.getByRole('button', { name: button }).click();
        await row.getByText(status, { exact: true }).waitFor();
        expect((await rzp.subscriptions.fetch(subscription.id)).status).toBe(status);
      }
    });

    it('contests a dispute with evidence uploaded from the page, and accepts another', async () => {
      const contested = await authorizedPayment(rzp, merchant.test, 40000, DISPUTE_CARD);
      await rzp.payments.capture(contested, 40000, 'INR');
      const accepted = await authorizedPayment(rzp, merchant.test, 30000);
      await rzp.payments.capture(accepted, 30000, 'INR');
      const raised = await call(merchant.test, 'POST', '/v1/simulator/disputes', {
        payment_id: accepted,
        amount: 15000,
      });
      expect(raised.status).toBe(200);
      const disputeOf = (paymentId: string) =>
        until(
          async () => (await rzp.disputes.all()).items.find((d) => d.payment_id === paymentId),
          `the dispute of ${paymentId}`,
        );
      const [first, second] = [await disputeOf(contested), await disputeOf(accepted)];
      const page = await open(merchant.test);
      await goTo(page, 'Disputes');

      const contest = rowOf(page, 'Disputes', first.id);
      await contest.getByLabel('Summary').fill('Delivered on time; signed receipt attached.');
      await contest.getByLabel('Evidence kind').selectOption('shipping_proof');
      await contest.getByLabel('Evidence file').setInputFiles({
        name: 'delivery.pdf',
        mimeType: 'application/pdf',
        buffer: pdf(2048),
      });
      await contest.getByRole('button', { name: 'Contest' }).click();
      await contest.getByText('under review').waitFor();
      const submitted = (await rzp.disputes.fetch(first.id)) as unknown as Row;
      expect(submitted).toMatchObject({
        status: 'under_review',
        evidence: {
          summary: 'Delivered on time; signed receipt attached.',
          shipping_proof: [expect.stringMatching(/^doc_/)],
        },
      });

      await rowOf(page, 'Disputes', second.id).getByRole('button', { name: 'Accept' }).click();
      await rowOf(page, 'Disputes', second.id).getByText('lost').waitFor();
      expect((await rzp.disputes.fetch(second.id)).status).toBe('lost');
    });

    it('creates a webhook from the page, shows its deliveries with their attempts, and sends one again', async () => {
      const page = await open(merchant.test);
      await goTo(page, 'Webhooks');
      // Nothing listens there: each attempt fails, as the page then shows.
      const url = 'http://127.0.0.1:9/dashboard-hooks';
      await page.getByLabel('URL').fill(url);
      await page.getByRole('button', { name: 'Create webhook' }).click();
      const link = page.getByRole('table', { name: 'Webhooks' }).getByRole('link');
      await link.first().waitFor();
      const webhook = (await call(merchant.test, 'GET', '/v1/webhooks')).body['items'] as Row[];
      expect(webhook.map((w) => [w['url'], w['events']])).toEqual([[url, ['payment.captured']]]);
      const webhookId = webhook[0]['id'] as string;

      const paymentId = await authorizedPayment(rzp, merchant.test, 15000);
      await rzp.payments.capture(paymentId, 15000, 'INR');
      const deliveries = `/v1/webhooks/${webhookId}/deliveries`;
      const [delivery] = await until(async () => {
        const items = (await call(merchant.test, 'GET', deliveries)).body['items'] as Row[];
        return items.length > 0 && (items[0]['attempt_count'] as number) > 0 ? items : null;
      }, 'the first attempt of the delivery');
      await link.first().click();
      const row = rowOf(page, 'Deliveries', delivery['event_id'] as string);
      await row.getByRole('listitem').first().waitFor();
      await row.getByRole('button', { name: 'Retry' }).click();
      await until(async () => {
        const again = await call(merchant.test, 'GET', deliveries);
        const [latest] = again.body['items'] as Row[];
        return (latest['attempt_count'] as number) > (delivery['attempt_count'] as number);
      }, 'the retried attempt');
    });

    it('creates a payment link from the page, finds it by its filters, copies it, shows its payments and timeline, and cancels another', async () => {
      const page = await open(merchant.test);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      await goTo(page, 'Payment links');
      const reference = `DL-${Date.now()}`;
      const form = page.getByRole('form', { name: 'New payment link' });
      await form.getByLabel('Amount (₹)').fill('1200.50');
      await form.getByLabel('Description').fill('Dashboard link');
      await form.getByLabel('Reference id').fill(reference);
      await form.getByLabel('Accept partial payments').check();
      await form.getByRole('button', { name: 'Create link' }).click();
      await rowOf(page, 'Payment links', reference).waitFor();
      const listed = await rzp.paymentLink.all({ reference_id: reference } as never);
      expect(listed.payment_links).toHaveLength(1);
      const link = listed.payment_links[0];
      expect(link).toMatchObject({ amount: 120050, accept_partial: true, status: 'created' });

      // Paid in part through its order; the payment id filter finds the link of that payment.
      const paid = await call(merchant.test, 'POST', '/v1/simulator/payments', {
        payment_link_id: link.id,
        method: 'card',
        card: VISA,
        amount: 20000,
      });
      expect(paid.status).toBe(200);
      const paymentId = paid.body['razorpay_payment_id'] as string;
      const other = await rzp.paymentLink.create({
        amount: 5000,
        description: 'To cancel',
      } as never);
      await page.reload();
      await page.getByRole('heading', { name: 'Payment links', exact: true }).waitFor();
      await rowOf(page, 'Payment links', other.id).waitFor();
      await page.locator('.filters').getByLabel('Payment id').fill(paymentId);
      await page.locator('.filters').getByLabel('Payment id').press('Tab');
      await rowOf(page, 'Payment links', other.id).waitFor({ state: 'detached' });
      const row = rowOf(page, 'Payment links', link.id);
      await expect(row.textContent()).resolves.toContain('partially paid');
      await row.getByRole('button', { name: 'Copy link' }).click();
      await row.getByRole('status').waitFor();
      await expect(page.evaluate('navigator.clipboard.readText()')).resolves.toBe(link.short_url);

      await row.getByRole('link', { name: link.id }).click();
      await page.getByRole('heading', { name: `Payment link ${link.id}` }).waitFor();
      await rowOf(page, 'Payments of the link', paymentId).waitFor();
      const timeline = page.getByRole('region', { name: 'Timeline' });
      await timeline.locator('[data-event-type="PaymentLinkPaymentCaptured"]').waitFor();
      // A partly paid link cannot be cancelled: the page offers no cancel.
      await expect(page.getByRole('button', { name: 'Cancel link' }).count()).resolves.toBe(0);

      await page.goto(`${page.url().split('#')[0]}#/payment-links/${other.id}`);
      await page.getByRole('heading', { name: `Payment link ${other.id}` }).waitFor();
      await page.getByRole('button', { name: 'Cancel link' }).click();
      await timeline.locator('[data-event-type="PaymentLinkCancelled"]').waitFor();
      expect(await rzp.paymentLink.fetch(other.id)).toMatchObject({ status: 'cancelled' });
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
