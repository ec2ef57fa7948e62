import type { Browser, FrameLocator, Page } from 'playwright-core';
import { docsScreenshot } from './browser';

/** Razorpay's domestic Visa test card, as a customer types it. */
export const TEST_CARD = { number: '4100 2800 0000 1007', expiry: '12/30', cvv: '123' };

/** How long a step of the checkout may take on a busy machine. */
const STEP_MS = 20_000;

/** A fresh browser context (its own cookies) on `url`, the size the screenshots are taken at. */
export async function openPage(browser: Browser, url: string): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1000, height: 700 } });
  const page = await context.newPage();
  page.setDefaultTimeout(STEP_MS);
  await page.goto(url);
  return page;
}

export const closePage = (page: Page): Promise<void> => page.context().close();

/** The checkout modal: checkout.js's iframe on the merchant's page. */
export const modalOf = (page: Page): FrameLocator => page.frameLocator('iframe').first();

/**
 * Where the checkout is shown: checkout.js's modal (a frame of the merchant's page), or on Hosted
 * Checkout the page itself.
 */
export type CheckoutView = Pick<FrameLocator, 'getByLabel' | 'getByRole' | 'frameLocator'>;

/** The (test) bank's page, an iframe inside the checkout. */
export const bankPageOf = (modal: CheckoutView): FrameLocator => modal.frameLocator('iframe');

/** `new Razorpay(options).open()` run by the page itself, as its own script would. */
export async function openCheckoutWith(page: Page, options: Record<string, string>): Promise<void> {
  await page.evaluate((given) => {
    const { Razorpay } = globalThis as unknown as {
      Razorpay: new (options: object) => { open(): void };
    };
    new Razorpay(given).open();
  }, options);
}

export type MethodName = 'Card' | 'UPI' | 'Netbanking' | 'Wallet';

export async function chooseMethod(modal: CheckoutView, method: MethodName): Promise<void> {
  await modal.getByRole('button', { name: method, exact: true }).click();
}

export async function fillCard(
  modal: CheckoutView,
  card: { number: string; expiry: string; cvv: string } = TEST_CARD,
): Promise<void> {
  await modal.getByLabel('Card number').fill(card.number);
  await modal.getByLabel('Expiry').fill(card.expiry);
  await modal.getByLabel('CVV').fill(card.cvv);
}

export async function pressPay(modal: CheckoutView): Promise<void> {
  await modal.getByRole('button', { name: /^Pay/ }).click();
}

/** The card's OTP page: the OTP typed and submitted (its answer within `timeout` ms). */
export async function answerOtp(
  modal: CheckoutView,
  otp = '123456',
  timeout = STEP_MS,
): Promise<void> {
  const bank = bankPageOf(modal);
  await bank.getByLabel('OTP').fill(otp);
  await bank.getByRole('button', { name: 'Submit' }).click({ timeout });
}

/** The netbanking or wallet page: Success or Failure pressed. */
export async function answerBank(
  modal: CheckoutView,
  answer: 'Success' | 'Failure',
): Promise<void> {
  await bankPageOf(modal).getByRole('button', { name: answer }).click();
}

/** Card, its details, Pay, and the OTP: the whole card payment of an open modal. */
export async function payByCard(
  modal: CheckoutView,
  card: { number: string; expiry: string; cvv: string } = TEST_CARD,
  otp = '123456',
): Promise<void> {
  await chooseMethod(modal, 'Card');
  await fillCard(modal, card);
  await pressPay(modal);
  await answerOtp(modal, otp);
}

/** The failure the modal shows (its alert), once it shows one. */
export async function shownFailure(modal: CheckoutView): Promise<string> {
  const alert = modal.getByRole('alert').filter({ hasText: 'Payment failed' });
  await alert.waitFor();
  return (await alert.innerText()).replace(/\s+/g, ' ').trim();
}

/** What the shop's page says of the payment (its #result line), once it says it. */
export async function shopResult(page: Page, expected: RegExp): Promise<string> {
  const result = page.locator('#result');
  await result.filter({ hasText: expected }).waitFor();
  return result.innerText();
}

/** The `payment.failed` payloads' `error` objects the shop's page listed, in order. */
export async function failedEvents(page: Page): Promise<Record<string, unknown>[]> {
  const lines = await page.locator('#events li[data-event="payment.failed"]').allInnerTexts();
  return lines.map(
    (line) => JSON.parse(line.slice('payment.failed: '.length)) as Record<string, unknown>,
  );
}

/**
 * With CHECKOUT_SCREENSHOTS=1, the page as it is now, as docs/checkout/<name>.png (shown in
 * docs/checkout.md).
 */
export function checkoutScreenshot(page: Page, name: string): Promise<void> {
  return docsScreenshot(page, { variable: 'CHECKOUT_SCREENSHOTS', folder: 'checkout', name });
}
