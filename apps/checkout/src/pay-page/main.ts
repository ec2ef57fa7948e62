import { formatAmount } from '../common/money';
import { amountToPay, hasMovedOn, readPaySection, type PaySection } from './pay-section';

/**
 * pay-page.js: the pay button of an invoice's, a subscription's or a payment link's page. It finds
 * which key and order (or subscription) pay this page (GET /v1/checkout/pages/:id), then opens
 * checkout.js's modal. After a payment the page is reloaded once it shows what was paid (the page's
 * service hears of the payment a moment later). A payment link's payment goes to the page's callback
 * instead (GET /v1/checkout/pages/:id/callback), which sends the customer on to the merchant's
 * callback_url with the signed result, or back to the page.
 */
interface PageEntity {
  key_id: string;
  order_id?: string;
  subscription_id?: string;
}

type RazorpayConstructor = new (options: Record<string, unknown>) => { open(): unknown };

const root = document.getElementById('pay');
const button = document.getElementById('pay-button');
const amountInput = document.getElementById('pay-amount');
const message = document.getElementById('pay-message');

function say(text: string) {
  if (message) message.textContent = text;
}

async function pageEntity(id: string): Promise<PageEntity | string> {
  try {
    const response = await fetch(`/v1/checkout/pages/${encodeURIComponent(id)}`, {
      cache: 'no-store',
    });
    const body = (await response.json().catch(() => null)) as
      (PageEntity & { error?: { description?: string } }) | null;
    if (response.ok && body?.key_id) return body;
    return body?.error?.description ?? 'This page cannot take payments right now.';
  } catch {
    return 'The payment service could not be reached. Check your connection and try again.';
  }
}

function checkoutOptions(
  section: PaySection,
  entity: PageEntity,
  amount: number,
  done: () => void,
) {
  const paid =
    section.kind === 'payment_link'
      ? (result: { razorpay_payment_id?: string }) =>
          location.assign(
            `/v1/checkout/pages/${encodeURIComponent(section.entityId)}/callback?razorpay_payment_id=${encodeURIComponent(result.razorpay_payment_id ?? '')}`,
          )
      : () => void reloadWhenCounted(section);
  if (entity.subscription_id)
    return {
      key: entity.key_id,
      subscription_id: entity.subscription_id,
      handler: paid,
      modal: { ondismiss: done },
    };
  return {
    key: entity.key_id,
    order_id: entity.order_id,
    amount,
    currency: section.currency,
    name: section.name,
    handler: paid,
    modal: { ondismiss: done },
  };
}

/** How long the page waits for its service to count a payment before reloading anyway. */
const COUNTED_WITHIN_MS = 15_000;

/** The pay section of the page as it is served now, or null when it has none. */
async function servedSection(): Promise<PaySection | null> {
  const response = await fetch(location.href, { cache: 'no-store' });
  const served = new DOMParser().parseFromString(await response.text(), 'text/html');
  const pay = served.getElementById('pay');
  return pay ? readPaySection(pay.dataset) : null;
}

/** Reloads the page once it shows the payment (or after COUNTED_WITHIN_MS). */
async function reloadWhenCounted(section: PaySection) {
  say('Payment received. Updating this page…');
  for (const deadline = Date.now() + COUNTED_WITHIN_MS; Date.now() < deadline;) {
    const now = await servedSection().catch(() => section);
    if (hasMovedOn(section, now)) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  location.reload();
}

async function pay(section: PaySection, trigger: HTMLButtonElement) {
  const typed = amountInput instanceof HTMLInputElement ? amountInput.value : '';
  const chosen = amountToPay(section, typed);
  if ('problem' in chosen) return say(chosen.problem);
  const Razorpay = (window as unknown as { Razorpay?: RazorpayConstructor }).Razorpay;
  if (!Razorpay) return say('The checkout could not be loaded. Reload the page and try again.');
  say('');
  trigger.disabled = true;
  const done = () => void (trigger.disabled = false);
  const entity = await pageEntity(section.entityId);
  if (typeof entity === 'string') {
    done();
    return say(entity);
  }
  new Razorpay(checkoutOptions(section, entity, chosen.amount, done)).open();
}

/** The button says what a partial payment will charge as the amount is typed. */
function followAmount(section: PaySection, trigger: HTMLButtonElement) {
  if (!section.partial || !(amountInput instanceof HTMLInputElement)) return;
  amountInput.addEventListener('input', () => {
    const chosen = amountToPay(section, amountInput.value);
    if ('amount' in chosen)
      trigger.textContent = `Pay ${formatAmount(chosen.amount, section.currency)}`;
  });
}

const section = root ? readPaySection(root.dataset) : null;
if (section && button instanceof HTMLButtonElement) {
  button.addEventListener('click', () => void pay(section, button));
  followAmount(section, button);
}
