import type { Browser, Page } from 'playwright-core';
import { chromiumInstalled, CHROMIUM, launchChromium } from './support/browser';
import { checkoutScreenshot, closePage, modalOf, openPage, payByCard } from './support/checkout';
import { CUSTOMER } from './support/fixtures';
import { newAccount, sdk, until } from './support/platform';
import type { PlatformAccount } from './support/platform';
import { webhookReceiver } from './support/webhook-receiver';

type Rzp = ReturnType<typeof sdk>;

// Without Chromium the suite is reported as skipped, its title saying why (npm test stays green there).
const suite = chromiumInstalled ? describe : describe.skip;

suite(
  chromiumInstalled
    ? 'The pay pages of invoices and subscriptions (their short_url), paid through the checkout in Chromium'
    : `The pay pages in a browser (skipped: ${CHROMIUM} is not installed; apt-get install chromium)`,
  () => {
    let browser: Browser;
    let merchant: PlatformAccount;
    let rzp: Rzp;
    const pages: Page[] = [];

    beforeAll(async () => {
      [browser, merchant] = await Promise.all([launchChromium(), newAccount('Pay pages E2E')]);
      rzp = sdk(merchant.test);
    }, 60_000);
    afterEach(async () => {
      await Promise.all(pages.splice(0).map(closePage));
    });
    afterAll(async () => {
      await browser?.close();
    });

    async function customerOn(url: string): Promise<Page> {
      const page = await openPage(browser, url);
      pages.push(page);
      return page;
    }

    /**
     * The customer presses the page's button and pays by card in the checkout it opens (which
     * shows `amount`, where given, as what it charges).
     */
    async function payOnPage(page: Page, button: RegExp | string, amount?: string): Promise<void> {
      await page.getByRole('button', { name: button }).click();
      const modal = modalOf(page);
      await modal.getByRole('dialog', { name: 'Checkout' }).waitFor();
      if (amount) await modal.locator('header .amount').filter({ hasText: amount }).waitFor();
      // The page's checkout is not prefilled: the customer gives their contact details.
      await modal.getByLabel('Phone').fill(CUSTOMER.contact);
      await modal.getByLabel('Email').fill(CUSTOMER.email);
      await payByCard(modal);
      await page.locator('iframe').waitFor({ state: 'detached' });
    }

    /** The page once it says `text` (it reloads itself when its service has counted the payment). */
    async function pageSaying(page: Page, text: string): Promise<string> {
      return until(async () => {
        const body = await page
          .locator('body')
          .innerText()
          .catch(() => '');
        return body.includes(text) && body;
      }, `the page to say "${text}"`);
    }

    it('pays an invoice with partial payments in two parts: partially paid, then paid, each with its webhook', async () => {
      const receiver = await webhookReceiver();
      await rzp.webhooks.create(
        {
          url: receiver.url,
          events: ['invoice.partially_paid', 'invoice.paid'],
          secret: 'whsec_pay_pages_0123456789',
        } as never,
        merchant.accountId,
      );
      /** The invoice as the webhook `event` carried it, once it has arrived. */
      const delivered = (event: string) =>
        until(
          async () =>
            receiver.bodies.find(
              (body) =>
                body.event === event && body.payload['invoice']?.entity['id'] === invoice.id,
            )?.payload,
          `the ${event} webhook`,
        );
      const invoice = await rzp.invoices.create({
        type: 'invoice',
        customer: CUSTOMER,
        line_items: [{ name: 'Annual plan', amount: 100000, currency: 'INR', quantity: 1 }],
        partial_payment: true,
        sms_notify: 0,
        email_notify: 0,
      } as never);
      const page = await customerOn(invoice.short_url as string);
      await page.getByLabel('Amount to pay').fill('400.00');
      await payOnPage(page, /^Pay ₹400\.00$/);

      const partly = await pageSaying(page, 'Partially paid');
      expect(partly).toContain('₹400.00 of ₹1,000.00 paid; ₹600.00 is still due.');
      // The payment is listed with the day it was paid (the day the invoice was issued).
      const [, issuedOn] = /Issued (\d{4}-\d\d-\d\d)/.exec(partly) ?? [];
      expect(partly).toMatch(
        new RegExp(`\\n${issuedOn} \\d\\d:\\d\\d IST\\s+pay_\\w+\\s+₹400\\.00`),
      );
      await checkoutScreenshot(page, 'invoice-page');
      expect(await rzp.invoices.fetch(invoice.id)).toMatchObject({
        status: 'partially_paid',
        amount_paid: 40000,
        amount_due: 60000,
      });
      const partial = await delivered('invoice.partially_paid');
      expect(partial['invoice']?.entity).toMatchObject({
        status: 'partially_paid',
        amount_paid: 40000,
      });
      expect(partial['payment']?.entity).toMatchObject({ amount: 40000, invoice_id: invoice.id });

      // The rest: the amount field starts at what is still due.
      expect(await page.getByLabel('Amount to pay').inputValue()).toBe('600.00');
      await payOnPage(page, /^Pay ₹600\.00$/);
      await pageSaying(page, 'Paid in full');
      expect(await page.getByRole('button', { name: /^Pay/ }).count()).toBe(0);
      expect(await rzp.invoices.fetch(invoice.id)).toMatchObject({
        status: 'paid',
        amount_paid: 100000,
        amount_due: 0,
      });
      expect((await rzp.orders.fetch(invoice.order_id as string)).status).toBe('paid');
      const paid = await delivered('invoice.paid');
      expect(paid['invoice']?.entity).toMatchObject({ status: 'paid', amount_paid: 100000 });
      expect(paid['payment']?.entity).toMatchObject({ amount: 60000, invoice_id: invoice.id });
      await receiver.close();
    });

    /** A six-cycle subscription to a new ₹299 monthly plan named `name`, with `extra` fields. */
    async function monthlySubscription(name: string, extra: Record<string, unknown> = {}) {
      const plan = await rzp.plans.create({
        period: 'monthly',
        interval: 1,
        item: { name, amount: 29900, currency: 'INR' },
      });
      return rzp.subscriptions.create({
        plan_id: plan.id,
        total_count: 6,
        quantity: 1,
        customer_notify: 0,
        ...extra,
      });
    }

    it('authorizes a subscription on its page: the subscription becomes authenticated', async () => {
      const subscription = await monthlySubscription('Pay pages monthly');
      const page = await customerOn(subscription.short_url);
      await checkoutScreenshot(page, 'subscription-page');
      await payOnPage(page, 'Authorize');

      await pageSaying(page, 'Authorized');
      const authorized = await until(async () => {
        const fetched = await rzp.subscriptions.fetch(subscription.id);
        return ['authenticated', 'active'].includes(fetched.status) && fetched;
      }, `${subscription.id} authenticated`);
      expect(authorized.payment_method).toBe('card');
    });

    it('authorizes a subscription with an upfront add-on: the authorization charges the first cycle and the add-on', async () => {
      const subscription = await monthlySubscription('Pay pages monthly with setup', {
        addons: [{ item: { name: 'Setup fee', amount: 5000, currency: 'INR' } }],
      });
      const page = await customerOn(subscription.short_url);
      // The checkout asks for the plan's first cycle and the add-on together.
      await payOnPage(page, 'Authorize', '₹349.00');

      const paidInvoice = await until(async () => {
        const { items } = (await rzp.invoices.all({
          subscription_id: subscription.id,
        } as never)) as unknown as {
          items: {
            subscription_id: string | null;
            status: string;
            amount_paid: number;
            payment_id: string | null;
          }[];
        };
        return items.find(
          (invoice) => invoice.subscription_id === subscription.id && invoice.status === 'paid',
        );
      }, `the first invoice of ${subscription.id} paid`);
      expect(paidInvoice.amount_paid).toBe(34900);
      expect(await rzp.payments.fetch(paidInvoice.payment_id as string)).toMatchObject({
        amount: 34900,
        method: 'card',
      });
      await until(async () => {
        const fetched = await rzp.subscriptions.fetch(subscription.id);
        return ['authenticated', 'active'].includes(fetched.status) && fetched;
      }, `${subscription.id} authenticated`);
    });
  },
);
