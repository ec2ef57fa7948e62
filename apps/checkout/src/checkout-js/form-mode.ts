import { optionsFromDataAttributes } from '../options/data-attributes';
import type { Checkout } from './checkout';

/** The button Razorpay's automatic mode adds, by its class name (merchants style it). */
const BUTTON_CLASS = 'razorpay-payment-button';

/** On success the response becomes hidden inputs of the merchant's form, which is then submitted. */
function postWithForm(form: HTMLFormElement) {
  return (response: Record<string, string>) => {
    for (const [name, value] of Object.entries(response)) {
      const input = document.createElement('input');
      input.type = 'hidden';
      input.name = name;
      input.value = value;
      form.appendChild(input);
    }
    form.submit();
  };
}

/**
 * The automatic form mode: `<form><script src=…/checkout.js data-key=… data-order_id=…></form>`
 * gets a "Pay Now" button (data-buttontext) that opens the checkout. Without data-key the script
 * does nothing; wrong options are reported in the console and no button is added.
 */
export function startFormMode(
  script: HTMLScriptElement,
  create: (options: Record<string, unknown>) => Checkout,
): void {
  const form = script.parentElement;
  if (!(form instanceof HTMLFormElement)) return;
  const options = optionsFromDataAttributes(Array.from(script.attributes));
  if (!options['key']) return;
  let checkout: Checkout;
  try {
    checkout = create({ ...options, handler: postWithForm(form) });
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    return;
  }
  const button = document.createElement('input');
  button.type = 'submit';
  button.value = typeof options['buttontext'] === 'string' ? options['buttontext'] : 'Pay Now';
  button.className = BUTTON_CLASS;
  form.appendChild(button);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    checkout.open();
  });
}
