import type { Browser, Page } from 'playwright-core';
import { chromiumInstalled, CHROMIUM, launchChromium } from './support/browser';
import { chooseMethod, closePage, modalOf, openPage } from './support/checkout';
import { newAccount, platform } from './support/platform';
import type { PlatformAccount } from './support/platform';
import { startShop } from './support/shop';
import type { Shop } from './support/shop';

/** A 2×2 red PNG, as a merchant may pass `image` (Razorpay takes a base64 data URI). */
const LOGO =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEklEQVR4nGP4z8DAwMDAxMDAAAAbBAEBcU6XKQAAAABJRU5ErkJggg==';

const suite = chromiumInstalled ? describe : describe.skip;

suite(
  chromiumInstalled
    ? "checkout.js's options as a merchant's page sets them, in Chromium"
    : `checkout.js's options in a browser (skipped: ${CHROMIUM} is not installed; apt-get install chromium)`,
  () => {
    let browser: Browser;
    let merchant: PlatformAccount;
    let shop: Shop;
    const pages: Page[] = [];

    beforeAll(async () => {
      [browser, merchant] = await Promise.all([launchChromium(), newAccount('Checkout options')]);
      shop = await startShop(merchant.test);
    }, 60_000);
    afterEach(async () => {
      await Promise.all(pages.splice(0).map(closePage));
    });
    afterAll(async () => {
      await shop?.stop();
      await browser?.close();
    });

    /** The shop's page, with every error its scripts throw or log kept (as the console shows them). */
    async function shopPage(
      path = '/',
    ): Promise<{ page: Page; orderId: string; errors: string[] }> {
      const page = await openPage(browser, `${shop.url}${path}`);
      pages.push(page);
      const errors: string[] = [];
      page.on('pageerror', (error) => errors.push(error.message));
      page.on('console', (message) => {
        // A resource the browser fetched by itself (the favicon) is no script's error.
        if (message.type() === 'error' && !message.text().startsWith('Failed to load resource'))
          errors.push(message.text());
      });
      const orderId = (await page.locator('code').first().innerText()).trim();
      return { page, orderId, errors };
    }

    /** A script of the page's own running `code` (errors it throws reach the console uncaught). */
    const runOnPage = (page: Page, code: string) => page.addScriptTag({ content: code });

    /**
     * `window.rzp = new Razorpay(options)` and `.open()`, the page recording each `ondismiss`
     * call's argument in `window.dismissals` ("none" for no argument).
     */
    async function openWith(page: Page, options: Record<string, unknown>): Promise<void> {
      await page.evaluate((given) => {
        const scope = globalThis as unknown as {
          Razorpay: new (options: object) => { open(): void; close(): void };
          rzp: { open(): void; close(): void };
          dismissals: unknown[];
        };
        scope.dismissals = [];
        const modal = { ...(given['modal'] as object) };
        const ondismiss = (reason?: unknown) => scope.dismissals.push(reason ?? 'none');
        scope.rzp = new scope.Razorpay({ ...given, modal: { ...modal, ondismiss } });
        scope.rzp.open();
      }, options);
      await modalOf(page).getByRole('dialog', { name: 'Checkout' }).waitFor();
    }

    const dismissals = (page: Page) =>
      page.evaluate(() => (globalThis as unknown as { dismissals: unknown[] }).dismissals);

    async function closed(page: Page): Promise<unknown[]> {
      await page.locator('iframe').waitFor({ state: 'detached' });
      await page.waitForFunction(
        () => (globalThis as unknown as { dismissals: unknown[] }).dismissals.length > 0,
      );
      return dismissals(page);
    }

    it('wrong options: Razorpay\'s error in the console and no modal ("No key passed", a bad amount)', async () => {
      const { page, orderId, errors } = await shopPage();
      await runOnPage(page, 'new Razorpay({}).open();');
      await runOnPage(
        page,
        `new Razorpay({ key: "${merchant.test.id}", order_id: "${orderId}", amount: "500.50" }).open();`,
      );
      await page.waitForTimeout(500);
      expect(errors).toEqual([
        expect.stringMatching(/No key passed$/),
        expect.stringMatching(
          /Invalid amount \(should be passed in integer paise\. Minimum value is 100 paise, i\.e\. ₹ 1\)$/,
        ),
      ]);
      expect(await page.locator('iframe').count()).toBe(0);
    });

    it('automatic form mode: no data-key does nothing; a bad option is logged and adds no button', async () => {
      const { page, orderId, errors } = await shopPage();
      const script = `${platform.baseUrl}/v1/checkout.js`;
      await page.setContent(
        `<form id="no-key" action="/verify" method="POST"><script src="${script}" data-order_id="${orderId}"></script></form>` +
          `<form id="bad-amount" action="/verify" method="POST"><script src="${script}" data-key="${merchant.test.id}" data-order_id="${orderId}" data-amount="abc"></script></form>` +
          `<form id="good" action="/verify" method="POST"><script src="${script}" data-key="${merchant.test.id}" data-order_id="${orderId}"></script></form>`,
      );
      await page.locator('#good .razorpay-payment-button').waitFor();
      expect(await page.locator('#no-key input, #bad-amount input').count()).toBe(0);
      expect(errors).toEqual([
        expect.stringMatching(/^Invalid amount \(should be passed in integer paise/),
      ]);
      expect(await page.locator('iframe').count()).toBe(0);
    });

    it('readonly, hidden, config.display, theme.hide_topbar, image, modal.escape, modal.confirm_close, timeout and rzp.close() do what the customer expects', async () => {
      const { page, orderId } = await shopPage();
      const base = {
        key: merchant.test.id,
        order_id: orderId,
        name: 'Acme Corp',
        prefill: { contact: '9000090000', email: 'gaurav.kumar@example.com' },
      };
      await openWith(page, {
        ...base,
        image: LOGO,
        readonly: { contact: true, email: true },
        theme: { hide_topbar: true },
        modal: { escape: false, confirm_close: true },
        config: {
          display: {
            sequence: ['upi', 'card'],
            hide: [{ method: 'wallet' }],
            preferences: { show_default_blocks: true },
          },
        },
      });
      const modal = modalOf(page);
      // The logo is the merchant's image, loaded (the modal's CSP lets it in).
      const logo = modal.locator('img.logo');
      await expect(logo.getAttribute('src')).resolves.toBe(LOGO);
      await expect(
        logo.evaluate((image) => (image as unknown as { naturalWidth: number }).naturalWidth),
      ).resolves.toBe(2);
      // Contact and e-mail are shown as prefilled and cannot be changed.
      for (const [label, value] of [
        ['Phone', '9000090000'],
        ['Email', 'gaurav.kumar@example.com'],
      ]) {
        const field = modal.getByLabel(label);
        await expect(field.inputValue()).resolves.toContain(value.slice(-6));
        await expect(field.isEditable()).resolves.toBe(false);
      }
      // UPI first, then card, then the rest; no wallet.
      const offered = await modal
        .locator('button.method')
        .evaluateAll((buttons) => buttons.map((button) => button.getAttribute('aria-label')));
      expect(offered).toEqual(['UPI', 'Card', 'Netbanking']);
      // No bar over the method: no Back button.
      await chooseMethod(modal, 'Card');
      await modal.getByLabel('Card number').waitFor();
      expect(await modal.getByRole('button', { name: 'Back' }).count()).toBe(0);
      // Escape does not close it.
      await modal.getByLabel('Card number').press('Escape');
      await page.waitForTimeout(500);
      expect(await page.locator('iframe').count()).toBe(1);
      // Close asks first: No keeps it open, Yes closes it.
      await modal.getByRole('button', { name: 'Close' }).click();
      const confirm = modal.getByRole('alertdialog', { name: 'Cancel payment' });
      await confirm.getByRole('button', { name: 'No' }).click();
      await confirm.waitFor({ state: 'detached' });
      expect(await page.locator('iframe').count()).toBe(1);
      await modal.getByRole('button', { name: 'Close' }).click();
      await confirm.getByRole('button', { name: 'Yes' }).click();
      expect(await closed(page)).toEqual(['none']);

      // hidden: the field is not there at all.
      await openWith(page, { ...base, hidden: { email: true } });
      await modal.getByLabel('Phone').waitFor();
      expect(await modal.getByLabel('Email').count()).toBe(0);
      // rzp.close() from the page closes it, as the customer's Close would.
      await page.evaluate(() => (globalThis as unknown as { rzp: { close(): void } }).rzp.close());
      expect(await closed(page)).toEqual(['none']);

      // timeout: a countdown, then it closes by itself, ondismiss told why.
      await openWith(page, { ...base, timeout: 3 });
      await modal.getByRole('timer', { name: 'Time left' }).waitFor();
      expect(await closed(page)).toEqual(['timeout']);
    });
  },
);
