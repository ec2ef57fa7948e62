import { amountProblem, isSupportedCurrency } from '../common/money';
import type { CheckoutCallbacks, CheckoutOptions, Notes } from './checkout-options';

/**
 * Razorpay's checkout reads its options against a table of defaults, flat (`prefill.name`,
 * `modal.escape`): a value is kept only if it has the default's type, after a lenient coercion
 * (numbers to text for text options, "true"/"1"/"false"/"0" and numbers to flags, anything to a
 * number for number options); unknown options are dropped. This is that table.
 */
type Default = string | number | boolean | null | 'object' | 'function';

const DEFAULTS: Readonly<Record<string, Default>> = {
  key: '',
  amount: null,
  currency: 'INR',
  name: '',
  description: '',
  image: '',
  order_id: '',
  subscription_id: '',
  invoice_id: '',
  payment_link_id: '',
  customer_id: '',
  notes: 'object',
  callback_url: '',
  cancel_url: '',
  redirect: false,
  retry: true,
  timeout: 0,
  target: '',
  buttontext: 'Pay Now',
  handler: 'function',
  'prefill.name': '',
  'prefill.email': '',
  'prefill.contact': '',
  'prefill.method': '',
  'prefill.vpa': '',
  'prefill.bank': '',
  'prefill.wallet': '',
  'theme.color': '',
  'theme.backdrop_color': 'rgba(0,0,0,0.6)',
  'theme.hide_topbar': false,
  'theme.close_button': true,
  'modal.ondismiss': 'function',
  'modal.onhidden': 'function',
  'modal.escape': true,
  // Unless the browser prefers reduced motion (nest).
  'modal.animation': true,
  'modal.backdropclose': false,
  'modal.confirm_close': false,
  'modal.handleback': true,
  'readonly.contact': false,
  'readonly.email': false,
  'readonly.name': false,
  'hidden.contact': false,
  'hidden.email': false,
  'method.card': true,
  'method.upi': true,
  'method.netbanking': true,
  'method.wallet': true,
  'config.display': 'object',
};

/** Options given as an object of sub-options (`prefill: {…}`), read one level down. */
const GROUPS = new Set(['prefill', 'theme', 'modal', 'readonly', 'hidden', 'method', 'config']);

/** Without one of these the checkout cannot know whose payment it is. */
const ENTITY_OPTIONS = ['key', 'order_id', 'subscription_id', 'invoice_id', 'payment_link_id'];

const MAX_NOTES = 15;
const MAX_NOTE_LENGTH = 254;

type Flat = Record<string, unknown>;

function toFlag(value: unknown): unknown {
  if (value === 'true' || value === '1') return true;
  if (value === 'false' || value === '0') return false;
  return typeof value === 'number' ? value !== 0 : value;
}

function coerce(wanted: Default, value: unknown): { keep: boolean; value?: unknown } {
  if (wanted === 'function') return { keep: typeof value === 'function', value };
  if (wanted === 'object') return { keep: typeof value === 'object' && value !== null, value };
  if (wanted === null) return { keep: true, value };
  if (typeof wanted === 'string') {
    const text = typeof value === 'number' || typeof value === 'boolean' ? String(value) : value;
    return { keep: typeof text === 'string', value: text };
  }
  if (typeof wanted === 'number') return { keep: true, value: Number(value) };
  const flag = toFlag(value);
  return { keep: typeof flag === 'boolean', value: flag };
}

function setOption(flat: Flat, key: string, value: unknown): void {
  const name = key.toLowerCase();
  if (!Object.hasOwn(DEFAULTS, name)) return;
  const coerced = coerce(DEFAULTS[name], value);
  if (coerced.keep) flat[name] = coerced.value;
}

/** `retry: { enabled, max_count }` is read as `retry: enabled` (the web checkout has no count). */
function retryOf(value: unknown): unknown {
  if (typeof value === 'object' && value !== null && 'enabled' in value) {
    const enabled = (value as { enabled: unknown }).enabled;
    if (typeof enabled === 'boolean') return enabled;
  }
  return value;
}

function flatten(input: Record<string, unknown>): Flat {
  const flat: Flat = {};
  for (const [key, value] of Object.entries(input)) {
    const group = key.toLowerCase();
    if (GROUPS.has(group) && typeof value === 'object' && value !== null) {
      for (const [subKey, subValue] of Object.entries(value)) {
        setOption(flat, `${group}.${subKey}`, subValue);
      }
    } else setOption(flat, key, key.toLowerCase() === 'retry' ? retryOf(value) : value);
  }
  return flat;
}

function fail(message: string): never {
  throw new Error(message);
}

/** An amount given, as text; nothing (or an empty text) is none. */
function givenAmount(flat: Flat): string | null {
  const amount = flat['amount'];
  return amount === undefined || amount === null || amount === '' ? null : String(amount);
}

/**
 * Razorpay's checks of options given at construction, in its order: notes, amount (digits only, at
 * least the currency's minimum; a subscription's checkout, being recurring, is exempt), currency.
 */
function validate(flat: Flat): void {
  const notes = flat['notes'];
  if (notes !== undefined && Object.keys(notes as object).length > MAX_NOTES)
    fail(`Invalid notes (At most ${MAX_NOTES} notes are allowed)`);
  const amount = givenAmount(flat);
  if (amount !== null && !flat['subscription_id']) {
    const problem = amountProblem(amount, String(flat['currency'] ?? DEFAULTS['currency']));
    if (problem !== null) fail(`Invalid amount (${problem})`);
  }
  const currency = flat['currency'];
  if (currency !== undefined && !isSupportedCurrency(String(currency)))
    fail('Invalid currency (The provided currency is not currently supported)');
}

/** Long notes are cut to 254 characters; values that are not text, numbers or flags are dropped. */
function cleanNotes(notes: unknown): Notes | null {
  if (typeof notes !== 'object' || notes === null) return null;
  const clean: Notes = {};
  for (const [key, value] of Object.entries(notes)) {
    if (typeof value === 'string') clean[key] = value.slice(0, MAX_NOTE_LENGTH);
    else if (typeof value === 'number' || typeof value === 'boolean') clean[key] = value;
  }
  return clean;
}

/** An amount stays as given (checked above; an order's partial rules are the modal's), as a number or text; nothing given is null. */
function amountOf(value: unknown): number | string | null {
  if (value === undefined || value === null || value === '') return null;
  return typeof value === 'number' ? value : String(value);
}

/** The flat options, every known one present (its default where not given), as nested objects. */
function nest(flat: Flat, environment: { prefersReducedMotion: boolean }): Record<string, unknown> {
  const nested: Record<string, Record<string, unknown> | unknown> = {};
  for (const [name, wanted] of Object.entries(DEFAULTS)) {
    if (wanted === 'function') continue;
    const fallback = wanted === 'object' ? (name === 'notes' ? null : {}) : wanted;
    const value = name in flat ? flat[name] : fallback;
    const [group, sub] = name.split('.');
    if (sub === undefined) nested[name] = value;
    else nested[group] = { ...(nested[group] as object | undefined), [sub]: value };
  }
  if (!('modal.animation' in flat))
    (nested['modal'] as Record<string, unknown>)['animation'] = !environment.prefersReducedMotion;
  return nested;
}

export interface NormalisedOptions {
  options: CheckoutOptions;
  callbacks: CheckoutCallbacks;
}

/**
 * `new Razorpay(options)`'s reading of its options: the same messages as Razorpay's checkout,
 * thrown (so the merchant sees them in the console, and no modal opens).
 */
export function normaliseOptions(
  input: unknown,
  environment: { prefersReducedMotion: boolean },
): NormalisedOptions {
  if (typeof input !== 'object' || input === null) fail('Invalid options');
  const flat = flatten(input as Record<string, unknown>);
  validate(flat);
  if (ENTITY_OPTIONS.every((name) => !flat[name])) fail('No key passed');
  const options = nest(flat, environment) as unknown as CheckoutOptions;
  options.notes = cleanNotes(flat['notes']);
  if (!Number.isFinite(options.timeout) || options.timeout < 0) options.timeout = 0;
  options.amount = amountOf(options.amount);
  return {
    options,
    callbacks: {
      handler: flat['handler'] as CheckoutCallbacks['handler'],
      ondismiss: flat['modal.ondismiss'] as CheckoutCallbacks['ondismiss'],
      onhidden: flat['modal.onhidden'] as CheckoutCallbacks['onhidden'],
    },
  };
}
