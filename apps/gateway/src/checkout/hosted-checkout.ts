/**
 * Hosted Checkout (`POST /v1/checkout/embedded`): the merchant's page form-posts Razorpay's fields,
 * and the modal page is answered as a whole page with them as its options, which frame.js reads from
 * `<script type="application/json" id="checkout-options">` instead of waiting for a postMessage.
 */

/** The checkout options the hosted page opens with, as checkout.js would pass them. */
export interface HostedOptions {
  key: string;
  order_id: string;
  callback_url: string;
  /** The outcome is form-posted to callback_url (the page is the whole window). */
  redirect: true;
  amount?: number;
  currency?: string;
  name?: string;
  description?: string;
  image?: string;
  cancel_url?: string;
  prefill?: Record<string, string>;
  notes?: Record<string, string>;
}

export type HostedForm = { options: HostedOptions } | { problems: string[] };

const TEXT_FIELDS = ['currency', 'name', 'description', 'image'] as const;
const PREFILL_FIELDS = new Set(['name', 'email', 'contact']);
const METHODS = new Set(['card', 'upi', 'netbanking', 'wallet']);
const MAX_NOTES = 15;
const BRACKETED = /^(prefill|notes)\[([^\]]+)\]$/;

/**
 * Reads the posted form: the fields Razorpay documents, `prefill[…]` and `notes[…]`; others (a
 * plugin's own, such as `__referer`) are ignored. Every problem is named, not only the first.
 */
export function readHostedForm(body: string): HostedForm {
  const fields = new Map<string, string>();
  // No prototype: a note named __proto__ is a note like any other.
  const prefill = Object.create(null) as Record<string, string>;
  const notes = Object.create(null) as Record<string, string>;
  for (const [name, value] of new URLSearchParams(body)) {
    const bracketed = BRACKETED.exec(name);
    if (!bracketed) fields.set(name, value);
    else if (bracketed[1] === 'notes') notes[bracketed[2]] = value;
    else if (PREFILL_FIELDS.has(bracketed[2])) prefill[bracketed[2]] = value;
  }
  const problems = problemsOf(fields, notes);
  if (problems.length > 0) return { problems };
  const method = fields.get('method');
  if (method) prefill['method'] = method;
  const options: HostedOptions = {
    key: fields.get('key_id') as string,
    order_id: fields.get('order_id') as string,
    callback_url: fields.get('callback_url') as string,
    redirect: true,
  };
  const amount = fields.get('amount');
  if (amount) options.amount = Number(amount);
  for (const name of TEXT_FIELDS) {
    const value = fields.get(name);
    if (value) options[name] = value;
  }
  const cancel = fields.get('cancel_url');
  if (cancel) options.cancel_url = cancel;
  if (Object.keys(prefill).length > 0) options.prefill = prefill;
  if (Object.keys(notes).length > 0) options.notes = notes;
  return { options };
}

function problemsOf(fields: Map<string, string>, notes: Record<string, string>): string[] {
  const problems: string[] = [];
  if (!fields.get('key_id'))
    problems.push('key_id is required: the key id of the account (rzp_test_… or rzp_live_…).');
  if (!fields.get('order_id')) problems.push('order_id is required: the order this payment pays.');
  const callback = fields.get('callback_url');
  if (!callback) problems.push("callback_url is required: where the payment's outcome is posted.");
  else if (!isWebUrl(callback)) problems.push('callback_url must be an http or https URL.');
  const cancel = fields.get('cancel_url');
  if (cancel && !isWebUrl(cancel)) problems.push('cancel_url must be an http or https URL.');
  const amount = fields.get('amount');
  if (amount && !/^[1-9][0-9]{0,14}$/.test(amount))
    problems.push('amount must be an integer in the smallest currency unit, e.g. 50000 for ₹500.');
  const method = fields.get('method');
  if (method && !METHODS.has(method))
    problems.push(`method must be one of ${[...METHODS].join(', ')}.`);
  if (Object.keys(notes).length > MAX_NOTES)
    problems.push(`notes may have at most ${MAX_NOTES} keys.`);
  return problems;
}

function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

/** The origin the page may post its outcome to: callback_url's. */
export const callbackOrigin = (options: HostedOptions): string =>
  new URL(options.callback_url).origin;

/**
 * JSON for the inside of a `<script>` element: `<`, `>` and `&` (and the two line separators
 * JavaScript once refused in strings) escaped, so no value can close the element or open a comment.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (character) => `\\u${character.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

const HEAD = /<head(\s[^>]*)?>/i;

/** The modal page with the options in it, first thing in its head (before any script reads them); null if the page has no head. */
export function hostedPage(modalPage: string, options: HostedOptions): string | null {
  const head = HEAD.exec(modalPage);
  if (!head) return null;
  const at = head.index + head[0].length;
  const element = `<script type="application/json" id="checkout-options">${scriptJson(options)}</script>`;
  return `${modalPage.slice(0, at)}\n${element}${modalPage.slice(at)}`;
}
