import { PAYMENT_METHODS, SUBSCRIPTION_STATUSES } from '@platform/contracts';
import type { SubscriptionEntity } from '@platform/contracts';
import { DEFAULT_CURRENCY, SUPPORTED_CURRENCIES } from '@platform/http';
import { itemPlanSchemas } from './items-plans.openapi';
import {
  amount,
  answers,
  collection,
  errors,
  fetchOperation,
  flag,
  idParameter,
  json,
  listOperation,
  notes,
  notesInput,
  nullableString,
  optionalQuery,
  page,
  ref,
} from './openapi-parts';

/**
 * The billing service's subscription rules (apps/billing/src/subscription: subscription.decider.ts,
 * decide/, subscription.service.ts, subscription-invoice.ts, charge-retries.ts, billing-cycle.ts, subscription.stream.ts
 * and dtos/; apps/billing/src/addon for add-ons, apps/billing/src/offer for offers) and the payments service's side (apps/payments/src/subscription-mandate, simulator/simulator.service.ts), written
 * out: the gateway may not import either app. Keep them in step.
 */
const MAX_COUNT = 1000;
const MAX_UPFRONT_ADDONS = 10;
const TOKEN_AUTHORIZATION_AMOUNT = 100;
/** A discount never leaves a cycle's invoice under this (offer.decider MIN_DISCOUNTED_AMOUNT). */
const MIN_DISCOUNTED_AMOUNT = 100;
const MIN_ADDON_AMOUNT = 100;
const RETRY_DELAYS_DAYS = [1, 2, 3];
const subscriptionIdParameter = idParameter('subscription', 'sub');
const addonIdParameter = idParameter('add-on', 'ao');
const integer = (description: string, extra: Record<string, unknown> = {}) => ({
  type: 'integer',
  description,
  ...extra,
});
const nullableInteger = (description: string) => ({ type: ['integer', 'null'], description });
const count = (field: string, description: string) =>
  integer(
    `${description} An integer from 1 to ${MAX_COUNT} ("The ${field} must be at least 1.", "The ${field} may not be greater than ${MAX_COUNT}.").`,
    { minimum: 1, maximum: MAX_COUNT },
  );
const unixTime = (field: string, description: string) =>
  integer(
    `${description} Unix seconds, in the future on the account's clock ("The ${field} must be in the future."; not an integer: "The ${field} must be a Unix time (seconds).").`,
    { minimum: 1 },
  );

const AUTHORIZATION = [
  `**Authorization.** A new subscription is \`created\`: the customer authorizes it with one payment on its authorization order, and the instrument of that payment (card, UPI address, bank or wallet, never the card number) is saved to charge the later cycles. Without \`start_at\`, the authorization payment **is the first cycle's charge**: the first invoice (the plan's amount × \`quantity\`, plus the upfront \`addons\`, less the discount of an \`offer_id\`) is issued with the subscription and paid by it; cycle 1 starts when it is captured, and the subscription goes \`authenticated\` and \`active\` at once. With \`start_at\` and upfront \`addons\`, the authorization payment **pays the add-ons**: an invoice of their lines alone (no cycle, no offer) is issued with the subscription and paid by it, and kept. With \`start_at\` and no add-ons, the customer pays a **token payment of ${TOKEN_AUTHORIZATION_AMOUNT}** (₹1 in INR), refunded in full as soon as it is captured. Either way the subscription is then \`authenticated\` and cycle 1 is billed and charged at \`start_at\`. The payer of the authorization (by the payment's email and contact) becomes the subscription's \`customer_id\`, named on the authorization invoice too.`,
  "The subscription's `short_url` is its page, to share with the customer. In test mode, POST /v1/simulator/payments with `subscription_id` pays the authorization with a test instrument (a declined one counts in `auth_attempts` and leaves the subscription `created`, to try again). Once authorized, `customer_id` is the account's customer whose email and contact are those of the authorization payment (null when there is none), and `payment_method` its method.",
].join(' ');

const LIFECYCLE = [
  '**Lifecycle.** `created` (awaiting authorization) → `authenticated` (authorized, by its add-ons or a token payment; waits for `start_at`) → `active` (the latest cycle is paid). Without `start_at` the authorization goes straight to `active`.',
  `A cycle's automatic charge that fails makes it \`pending\`: the charge is retried ${RETRY_DELAYS_DAYS[0]}, ${RETRY_DELAYS_DAYS[1]} and ${RETRY_DELAYS_DAYS[2]} days after each failure in turn (1, 3 and 6 days after the first when every retry fails at once); a successful retry makes it \`active\` again, a failure of the third retry makes it \`halted\`. A halted subscription still bills its cycles at each \`charge_at\` (the invoice is issued) but charges nothing automatically: it becomes \`active\` again when the customer pays the open cycle's invoice himself.`,
  "A new cycle replaces an unpaid one as the open cycle: the old cycle is not charged again, and only the open cycle's invoice counts towards the subscription.",
  '`paused`: POST /v1/subscriptions/{id}/pause of an `active` subscription; no cycle is billed until it is resumed (pausing an `authenticated` one cancels it). `cancelled`: POST /v1/subscriptions/{id}/cancel, now or at the end of the cycle. `completed`: its last cycle (`total_count`) is paid, or that cycle ends unpaid. `expired`: still `created` at its `expire_by`. The last three are final: nothing changes them ("The subscription is already cancelled."), and they take no add-ons ("The subscription is cancelled: it takes no add-ons."). Cancelling or expiring a subscription that was never authorized (still `created`) also cancels its authorization invoice (the first cycle\'s without `start_at`, the upfront add-ons\' with it), in the same step, so it can no longer be paid.',
  "Every timer (the next cycle at `charge_at`, a retry, `expire_by`) runs on the account's clock: in test mode POST /v1/simulator/clock/advance moves it, and POST /v1/simulator/subscriptions/{id}/decline_charges makes the simulated bank decline the next automatic charges.",
].join(' ');

const CYCLES = [
  "**Cycles and invoices.** A cycle is the plan's `interval` periods long (monthly cycles are calendar months from the first cycle's start, the day clamped to the month's end; daily and weekly ones whole days). At `charge_at`, the end of the current cycle, the next cycle is billed: its invoice (a line for the plan's item × `quantity`, a line of `type: addon` for each add-on added since the last invoice, a `discount` line when an offer applies to the cycle; no tax, `subscription_id`, `billing_start` and `billing_end` set, no sms or email) is issued and the saved instrument is charged on its order, captured at once.",
  "Every cycle's invoice, the first included, is listed by GET /v1/invoices?subscription_id=<id>. `paid_count` counts the cycles paid; `remaining_count` = `total_count` − the cycles billed (a billed cycle counts while unpaid).",
  'In test mode the simulated bank answers the charge; live mode has no card network wired in yet, so its cycles are billed but not charged automatically.',
].join(' ');

const CHANGES = [
  "**Changes** (PATCH, `authenticated` or `active` only). `schedule_change_at: now` (the default) changes the subscription at once (`subscription.updated`); the current cycle, already billed, is neither billed again nor prorated: the new `plan_id` and `quantity` apply from the next cycle billed, which starts at `current_end` on the new plan's period. `remaining_count` sets `total_count` to the cycles billed so far plus it. `start_at` (only `now`, only an `authenticated` subscription before its first cycle) moves the first cycle and `charge_at`.",
  '`schedule_change_at: cycle_end` (`active` only) stores the change instead, replacing any change stored before: `has_scheduled_changes` is true and `change_scheduled_at` is `current_end`; GET /v1/subscriptions/{id}/retrieve_scheduled_changes shows the subscription as it will be, POST /v1/subscriptions/{id}/cancel_scheduled_changes withdraws it, and at `current_end` it is applied as the next cycle is billed (`subscription.updated`).',
].join(' ');

const OFFER_ERRORS =
  'An unknown offer (or one of another account or mode): "The id provided does not exist"; an inactive one: "The offer is inactive."; one in another currency: "The offer is in USD, not the plan currency INR." (all field `offer_id`).';

const OFFERS = [
  "**Offers.** An offer is a discount on a subscription's cycles, made by the merchant through the admin API (`/admin/v1/accounts/{id}/offers`, not part of this document): a percentage (`discount_percent`, optionally capped by `max_discount`) or a flat `discount_amount`, in one currency, for the subscription's first `cycles` cycles (counted from its cycle 1, whenever the offer was linked) or, without `cycles`, for all of them.",
  `Link one with \`offer_id\` at creation or in a PATCH (only an active offer of the account, in the plan's currency); the subscription's \`offer_id\` shows it. ${OFFER_ERRORS} Each cycle the offer applies to is discounted on its invoice, the first included: a percentage of the cycle's amount (the plan's line plus its add-ons) rounded half up, at most \`max_discount\`, or the flat amount, but never so much that the cycle costs less than ${MIN_DISCOUNTED_AMOUNT} (a cycle of ${MIN_DISCOUNTED_AMOUNT} or less is not discounted). The discount is a line of \`type: discount\` with a negative amount (the offer's name, description \`Offer <offer_id>\`, \`item_id\` the offer id, quantity 1).`,
  'An offer deactivated later stays on the subscriptions that have it; DELETE /v1/subscriptions/{id}/{offer_id} removes it from one, and the cycles billed after that are not discounted (an invoice issued already keeps its discount).',
].join(' ');

const ADDONS = [
  `**Add-ons.** One-off charges on a subscription: upfront \`addons\` at creation are charged by the authorization payment (on the first cycle's invoice, or, with \`start_at\`, on an invoice of their own); POST /v1/subscriptions/{id}/addons adds one later, charged on the subscription's **next cycle invoice** (a line of \`type: addon\`, name, description, amount and quantity as given), which then sets its \`invoice_id\`.`,
  'While `invoice_id` is null it waits for that invoice and DELETE /v1/addons/{id} removes it; once invoiced it can no longer be deleted. A subscription still `created` without `start_at` has its first invoice issued already, so its add-ons go on the second cycle; a paused one bills no cycle until it is resumed. A final subscription (cancelled, completed, expired) takes no add-ons.',
].join(' ');

const EVENTS =
  "Each change is published on the Kafka topic `billing.subscription`, keyed by the subscription id, with the subscription after the change: `subscription.created` (also `authorization`: `{order_id, amount, currency, invoice_id, refund}`, the order the customer pays to authorize it: its invoice's (the first cycle's, or the upfront add-ons' when it starts at `start_at`), or a token payment's with `invoice_id` null and `refund` true), `subscription.authenticated`, `subscription.activated`, `subscription.charged` (also `invoice_id` and `payment_id` of the cycle paid), `subscription.pending`, `subscription.halted`, `subscription.paused`, `subscription.resumed`, `subscription.updated` (a change made now, or a scheduled change applied), `subscription.cancelled`, `subscription.completed` and `subscription.expired`.";

const subscriptionProperties = {
  id: { type: 'string', examples: ['sub_1Aa00000000001'] },
  entity: { const: 'subscription' },
  plan_id: {
    type: 'string',
    description: 'The plan each cycle charges (a PATCH may change it).',
    examples: ['plan_1Aa00000000001'],
  },
  customer_id: {
    ...nullableString,
    description:
      "Null until authorized; then the customer who paid the authorization: the account's customer with the payment's email and contact, or a new one made from them (null only for a payment with neither).",
  },
  status: { type: 'string', enum: [...SUBSCRIPTION_STATUSES] },
  current_start: nullableInteger(
    'The start of the latest cycle billed (Unix seconds); null before the first.',
  ),
  current_end: nullableInteger(
    'The end of the latest cycle billed (Unix seconds): when the next is billed.',
  ),
  ended_at: nullableInteger(
    'When the subscription was cancelled, completed or expired (Unix seconds).',
  ),
  quantity: integer('How many units of the plan each cycle charges.', {
    minimum: 1,
    maximum: MAX_COUNT,
  }),
  notes,
  charge_at: nullableInteger(
    'When the next cycle is billed and charged (Unix seconds): `start_at` before the first cycle, then the end of the current one. Null when no cycle is due: awaiting authorization without `start_at`, paused, or ended.',
  ),
  start_at: nullableInteger(
    'The `start_at` asked for; without one, the start of the first cycle (the authorization), null until then.',
  ),
  end_at: nullableInteger(
    'The end of the last cycle (`total_count` cycles, Unix seconds); null until the first cycle starts.',
  ),
  auth_attempts: integer('How many authorization payments failed.'),
  total_count: integer('How many cycles are billed in all.'),
  paid_count: integer('How many cycles are paid.'),
  customer_notify: {
    type: 'boolean',
    description:
      'Whether the platform tells the customer: as sent at creation (default true), or by the latest update that sent it. While true, a subscription link is sent to `notify_info`, and each change by PATCH is told to `notify_info` or else to the customer.',
  },
  created_at: integer('Unix seconds'),
  expire_by: nullableInteger(
    'The deadline for the authorization (Unix seconds): still `created` then, the subscription expires.',
  ),
  short_url: {
    type: 'string',
    format: 'uri',
    description:
      "The subscription's page, `<public base URL>/s/<subscription id>`: an HTML page served by the gateway **without authentication**, to share with the customer (the id is unguessable).",
    examples: ['https://api.example.com/s/sub_1Aa00000000001'],
  },
  has_scheduled_changes: {
    type: 'boolean',
    description:
      'A change is stored for the end of the current cycle (PATCH with `schedule_change_at: cycle_end`).',
  },
  change_scheduled_at: nullableInteger(
    'When the stored change applies: the end of the cycle it was stored in (Unix seconds).',
  ),
  source: { const: 'api' },
  payment_method: {
    type: ['string', 'null'],
    enum: [...PAYMENT_METHODS, null],
    description:
      'The method of the authorization payment; the later cycles are charged with the instrument it saved.',
  },
  offer_id: {
    ...nullableString,
    description:
      'The offer linked (at creation or by PATCH) that discounts its cycles; null when none, or once removed.',
    examples: ['offer_1Aa00000000001'],
  },
  remaining_count: integer(
    'total_count − the cycles billed so far (a billed cycle counts while unpaid).',
  ),
  paused_at: nullableInteger(
    'When the subscription was paused (Unix seconds); null when it is not paused.',
  ),
  pause_initiated_by: {
    type: ['string', 'null'],
    enum: ['self', null],
    description: '`self` while paused by POST /v1/subscriptions/{id}/pause.',
  },
} satisfies Record<keyof SubscriptionEntity, unknown>;

const createExample = {
  plan_id: 'plan_1Aa00000000001',
  total_count: 12,
  quantity: 1,
  customer_notify: 1,
  addons: [{ item: { name: 'Delivery charges', amount: 3000, currency: 'INR' } }],
  expire_by: 1739615400,
  notes: { notes_key_1: 'Tea, Earl Grey, Hot' },
};

const createdExample = {
  id: 'sub_1Aa00000000001',
  entity: 'subscription',
  plan_id: 'plan_1Aa00000000001',
  customer_id: null,
  status: 'created',
  current_start: null,
  current_end: null,
  ended_at: null,
  quantity: 1,
  notes: { notes_key_1: 'Tea, Earl Grey, Hot' },
  charge_at: null,
  start_at: null,
  end_at: null,
  auth_attempts: 0,
  total_count: 12,
  paid_count: 0,
  customer_notify: true,
  created_at: 1736937000,
  expire_by: 1739615400,
  short_url: 'https://api.example.com/s/sub_1Aa00000000001',
  has_scheduled_changes: false,
  change_scheduled_at: null,
  source: 'api',
  payment_method: null,
  offer_id: null,
  remaining_count: 12,
  paused_at: null,
  pause_initiated_by: null,
};

const offerInput = (when: string) => ({
  type: 'string',
  description: `An offer to link, made through the admin API (\`/admin/v1/accounts/{id}/offers\`); ${when}. ${OFFER_ERRORS}`,
  examples: ['offer_1Aa00000000001'],
});

/** An add-on's item, as POST /v1/subscriptions/{id}/addons and the upfront `addons` take it. */
const addonItemInput = (currencyNote: string) => ({
  type: 'object',
  additionalProperties: false,
  required: ['name', 'amount'],
  properties: {
    name: { type: 'string', maxLength: 255, examples: ['Delivery charges'] },
    amount: amount('item.amount', 'The price of one unit.', MIN_ADDON_AMOUNT),
    currency: {
      type: 'string',
      enum: [...SUPPORTED_CURRENCIES],
      default: DEFAULT_CURRENCY,
      description: currencyNote,
    },
    description: { type: 'string', maxLength: 2048 },
  },
});
const addonQuantity = {
  type: 'integer',
  minimum: 1,
  maximum: MAX_COUNT,
  default: 1,
  description: `How many units ("The quantity must be at least 1.", "The quantity may not be greater than ${MAX_COUNT}.").`,
};

/** The add-on entity (apps/billing/src/addon/addon.response.ts). */
const addonProperties = {
  id: { type: 'string', examples: ['ao_1Aa00000000001'] },
  entity: { const: 'addon' },
  item: {
    ...itemPlanSchemas.Item,
    description: "The add-on's own item (`type: addon`, always active; not listed with /v1/items).",
    properties: {
      ...itemPlanSchemas.Item.properties,
      type: { const: 'addon' },
      active: { const: true },
    },
  },
  quantity: integer('How many units the invoice charges.', { minimum: 1, maximum: MAX_COUNT }),
  created_at: integer('Unix seconds'),
  subscription_id: { type: 'string', examples: ['sub_1Aa00000000001'] },
  invoice_id: {
    ...nullableString,
    description:
      'The cycle invoice that charged it; null while it waits for the next cycle (and can still be deleted).',
  },
};

const addonExample = {
  id: 'ao_1Aa00000000001',
  entity: 'addon',
  item: {
    id: 'item_1Aa00000000001',
    entity: 'item',
    active: true,
    name: 'Extra appetizer',
    description: 'Cheese balls',
    amount: 30000,
    unit_amount: 30000,
    currency: 'INR',
    type: 'addon',
    unit: null,
    tax_inclusive: false,
    hsn_code: null,
    sac_code: null,
    tax_rate: null,
    tax_id: null,
    tax_group_id: null,
    created_at: 1736937000,
    updated_at: 1736937000,
  },
  quantity: 2,
  created_at: 1736937000,
  subscription_id: 'sub_1Aa00000000001',
  invoice_id: null,
};

export const subscriptionSchemas = {
  Subscription: {
    type: 'object',
    required: Object.keys(subscriptionProperties),
    description: `${LIFECYCLE}\n\n${AUTHORIZATION}\n\n${CYCLES}\n\n${ADDONS}\n\n${OFFERS}\n\n${EVENTS}`,
    properties: subscriptionProperties,
  },
  SubscriptionCollection: collection('Subscription'),
  CreateSubscription: {
    type: 'object',
    additionalProperties: false,
    required: ['plan_id', 'total_count'],
    description: `Unknown fields are refused (400 naming the field). The subscription is in the plan's currency. ${AUTHORIZATION}`,
    properties: {
      plan_id: {
        type: 'string',
        pattern: '^plan_[0-9A-Za-z]{14}$',
        description:
          'The plan each cycle charges (an unknown plan: "The id provided does not exist", field `plan_id`).',
        examples: ['plan_1Aa00000000001'],
      },
      total_count: count('total_count', 'How many cycles to bill in all.'),
      quantity: {
        ...count('quantity', 'How many units of the plan each cycle charges.'),
        default: 1,
      },
      start_at: unixTime(
        'start_at',
        'When the first cycle starts; the customer then authorizes by paying the upfront `addons`, or, without them, with a token payment refunded at once. Absent: the first cycle starts with the authorization, which pays it.',
      ),
      expire_by: unixTime(
        'expire_by',
        'The deadline for the authorization: still `created` then, the subscription expires. Absent: it waits for ever.',
      ),
      customer_notify: {
        ...flag(
          'Whether the platform tells the customer: with `notify_info`, the link (`short_url`) is sent there at once; later changes are told too (see the update). "The customer_notify must be 1 or 0."',
        ),
        default: true,
      },
      addons: {
        type: 'array',
        maxItems: MAX_UPFRONT_ADDONS,
        description: `Upfront add-ons, charged once by the authorization payment (lines of \`type: addon\`): on the first cycle's invoice, or, with \`start_at\`, on an invoice of their own, issued at once. At most ${MAX_UPFRONT_ADDONS} ("A subscription may have at most ${MAX_UPFRONT_ADDONS} upfront add-ons."), each in the plan's currency ("The addons[0] is in USD, not the plan currency INR.", field \`addons[0].item.currency\`).`,
        items: {
          type: 'object',
          additionalProperties: false,
          required: ['item'],
          properties: { item: addonItemInput("The plan's currency."), quantity: addonQuantity },
        },
      },
      offer_id: offerInput(
        'it discounts the cycles it applies to from the first invoice on (without `start_at`, the authorization payment is the discounted first cycle)',
      ),
      notify_info: {
        type: 'object',
        additionalProperties: false,
        description:
          "A subscription link's contact details: with `customer_notify` on, `short_url` is sent to them (e-mail over SMTP when the platform has it configured, else written to its log; sms to the log: no SMS provider is wired in).",
        properties: {
          notify_phone: {
            oneOf: [{ type: 'string', pattern: '^\\+?[0-9]{8,15}$' }, { type: 'integer' }],
            description:
              '8 to 15 digits, optionally after a +; a number (as the Python document sends it) is taken as its digits.',
          },
          notify_email: { type: 'string', maxLength: 64 },
        },
      },
      notes: notesInput({ notes_key_1: 'Tea, Earl Grey, Hot' }),
    },
    examples: [
      createExample,
      { plan_id: 'plan_1Aa00000000001', total_count: 6, quantity: 2, start_at: 1739615400 },
    ],
  },
  UpdateSubscription: {
    type: 'object',
    additionalProperties: false,
    description: `Unknown fields are refused (400 naming the field). An update that changes nothing records nothing. ${CHANGES} Refused: a subscription neither authenticated nor active ("Only an authenticated or active subscription can be updated."); a plan in another currency ("The plan's currency must be the subscription's currency (INR)." field \`plan_id\`); \`cycle_end\` for a subscription not active ("Only an active subscription can be changed at the end of its cycle.", field \`schedule_change_at\`); \`start_at\` after the first cycle or not authenticated ("The start_at can be changed only before the subscription starts."), with \`cycle_end\` ("The start_at can be changed only now."), or not in the future ("The start_at must be in the future."); \`total_count\` with \`remaining_count\` ("Send total_count or remaining_count, not both: each sets the cycles billed in all.", field \`total_count\`) or not more than the cycles billed ("The total_count must be more than the 1 cycles already billed."). Fields of create that Razorpay's update does not take are refused with the reason: \`expire_by\` ("The expire_by is the deadline for authorizing the subscription: an update is for an authenticated or active one, already authorized.") and \`addons\` ("Upfront addons are charged with the authorization: add one to an authorized subscription with POST /v1/subscriptions/:id/addons.").`,
    properties: {
      plan_id: {
        type: 'string',
        description:
          'Another plan of the same currency (an unknown plan: "The id provided does not exist", field `plan_id`).',
      },
      quantity: count('quantity', 'Units of the plan per cycle, from the next cycle billed.'),
      remaining_count: count(
        'remaining_count',
        'The cycles still to bill: `total_count` becomes the cycles billed so far plus it.',
      ),
      total_count: count(
        'total_count',
        'The cycles to bill in all (what `remaining_count` sets, counted from the start); more than the cycles billed so far.',
      ),
      start_at: unixTime(
        'start_at',
        'A new start for the first cycle (authenticated, before it starts; `now` only).',
      ),
      offer_id: offerInput(
        'it replaces the offer linked before and discounts the cycles billed from the next one on (the current cycle, billed already, keeps its invoice)',
      ),
      schedule_change_at: {
        type: 'string',
        enum: ['now', 'cycle_end'],
        default: 'now',
        description: '"The schedule_change_at must be now or cycle_end."',
      },
      customer_notify: {
        // No default: absent, the subscription keeps its flag.
        oneOf: flag('').oneOf,
        description:
          'Recorded at once as the subscription\'s `customer_notify` (even with `cycle_end`); sent alone it changes only that. While it is true, each change made (now, or scheduled: with the date it applies) is told to the customer: to `notify_info` when the subscription has it, else to its customer\'s email and contact (nobody to tell: nothing is sent). Absent: the flag stays as it is. "The customer_notify must be 1 or 0."',
      },
      notes: {
        ...notesInput({ tier: 'gold' }),
        description:
          "Replaces the subscription's notes at once (even with `cycle_end`); the cycles billed later carry them. At most 15 pairs, keys and values of at most 256 characters.",
      },
    },
    examples: [
      { quantity: 3, schedule_change_at: 'now', customer_notify: true },
      {
        plan_id: 'plan_1Aa00000000002',
        quantity: 2,
        remaining_count: 6,
        schedule_change_at: 'cycle_end',
      },
    ],
  },
  CancelSubscription: {
    type: 'object',
    additionalProperties: false,
    description:
      'No body (or `cancel_at_cycle_end` 0): cancelled now. `cancel_at_cycle_end` 1: cancelled at the end of the current cycle.',
    properties: {
      cancel_at_cycle_end: flag(
        '1: cancel at `current_end` instead of now ("The cancel_at_cycle_end must be 1 or 0.").',
      ),
    },
    examples: [{ cancel_at_cycle_end: 1 }],
  },
  PauseSubscription: {
    type: 'object',
    additionalProperties: false,
    description: 'No body or `{pause_at: "now"}`: paused now.',
    properties: { pause_at: { const: 'now', description: '"The pause_at must be now."' } },
  },
  ResumeSubscription: {
    type: 'object',
    additionalProperties: false,
    description: 'No body or `{resume_at: "now"}`: resumed now.',
    properties: { resume_at: { const: 'now', description: '"The resume_at must be now."' } },
  },
  Addon: {
    type: 'object',
    required: Object.keys(addonProperties),
    description: ADDONS,
    properties: addonProperties,
    examples: [addonExample],
  },
  AddonCollection: collection('Addon'),
  CreateAddon: {
    type: 'object',
    additionalProperties: false,
    required: ['item'],
    description:
      "Unknown fields are refused (400 naming the field). The add-on is charged on the subscription's next cycle invoice.",
    properties: {
      item: addonItemInput(
        'The plan\'s currency: another is refused ("The item.currency must be the plan currency (INR).", field `item.currency`).',
      ),
      quantity: addonQuantity,
    },
    examples: [
      {
        item: {
          name: 'Extra appetizer',
          amount: 30000,
          currency: 'INR',
          description: 'Cheese balls',
        },
        quantity: 2,
      },
    ],
  },
};

const subscriptionResponse = (description: string) => ({
  '200': { description, ...json(ref('Subscription')) },
  ...errors,
});

const subscriptionNames = { tag: 'Subscriptions', noun: 'subscription', schema: 'Subscription' };
const addonNames = { tag: 'Subscriptions', noun: 'add-on', schema: 'Addon' };

export const subscriptionPaths = {
  '/v1/subscriptions': {
    post: {
      tags: ['Subscriptions'],
      summary: 'Create a subscription',
      operationId: 'createSubscription',
      description: `${AUTHORIZATION}\n\n${LIFECYCLE}\n\n${CYCLES}\n\n${ADDONS}\n\n${OFFERS}`,
      requestBody: { required: true, ...json(ref('CreateSubscription')) },
      responses: answers('The subscription, `created`: awaiting its authorization payment', {
        ...ref('Subscription'),
        examples: [createdExample],
      }),
    },
    get: listOperation(subscriptionNames, [
      ...page,
      optionalQuery('plan_id', 'Only the subscriptions of this plan.'),
    ]),
  },
  '/v1/subscriptions/{id}': {
    get: {
      tags: ['Subscriptions'],
      summary: 'Fetch a subscription',
      operationId: 'fetchSubscription',
      parameters: [subscriptionIdParameter],
      responses: subscriptionResponse('The subscription'),
    },
    patch: {
      tags: ['Subscriptions'],
      summary: 'Update a subscription, now or at the end of the cycle',
      operationId: 'updateSubscription',
      description: `${CHANGES}\n\n${OFFERS}`,
      parameters: [subscriptionIdParameter],
      requestBody: { required: true, ...json(ref('UpdateSubscription')) },
      responses: subscriptionResponse(
        'The subscription after the update (with `cycle_end`: with `has_scheduled_changes`, the change not applied yet)',
      ),
    },
  },
  '/v1/subscriptions/{id}/retrieve_scheduled_changes': {
    get: {
      tags: ['Subscriptions'],
      summary: 'See a subscription as its scheduled change will make it',
      operationId: 'retrieveScheduledChanges',
      description:
        'The subscription with the change stored by PATCH with `schedule_change_at: cycle_end` applied (plan, quantity, counts); without a stored change, the subscription as it is. Nothing is changed.',
      parameters: [subscriptionIdParameter],
      responses: subscriptionResponse('The subscription as it will be once the change applies'),
    },
  },
  '/v1/subscriptions/{id}/cancel_scheduled_changes': {
    post: {
      tags: ['Subscriptions'],
      summary: 'Withdraw the scheduled change',
      operationId: 'cancelScheduledChanges',
      description:
        'Drops the change stored for the end of the cycle ("The subscription has no scheduled changes." when there is none). No body.',
      parameters: [subscriptionIdParameter],
      responses: subscriptionResponse('The subscription, without scheduled changes'),
    },
  },
  '/v1/subscriptions/{id}/pause': {
    post: {
      tags: ['Subscriptions'],
      summary: 'Pause a subscription',
      operationId: 'pauseSubscription',
      description:
        'An `active` subscription becomes `paused` (`paused_at`, `pause_initiated_by: self`, `charge_at` null): no cycle is billed until it is resumed. An `authenticated` one is **cancelled** instead, as Razorpay does. Any other status: "Only an active subscription can be paused.".',
      parameters: [subscriptionIdParameter],
      requestBody: { required: false, ...json(ref('PauseSubscription')) },
      responses: subscriptionResponse('The paused (or cancelled) subscription'),
    },
  },
  '/v1/subscriptions/{id}/resume': {
    post: {
      tags: ['Subscriptions'],
      summary: 'Resume a paused subscription',
      operationId: 'resumeSubscription',
      description:
        'A `paused` subscription becomes `active` ("Only a paused subscription can be resumed."). If its current cycle has not ended, the next is billed at its end; otherwise a new cycle starts and is billed at once, counted from then. The cycles that would have run while paused are not billed and not counted (`remaining_count` is unchanged).',
      parameters: [subscriptionIdParameter],
      requestBody: { required: false, ...json(ref('ResumeSubscription')) },
      responses: subscriptionResponse('The resumed subscription'),
    },
  },
  '/v1/subscriptions/{id}/cancel': {
    post: {
      tags: ['Subscriptions'],
      summary: 'Cancel a subscription, now or at the end of the cycle',
      operationId: 'cancelSubscription',
      description:
        'No body: `cancelled` now, from any status that is not final ("The subscription is already completed."); no cycle is billed again (a subscription never authorized also has its authorization invoice cancelled, so it can no longer be paid). `{cancel_at_cycle_end: 1}`: an `active` subscription only ("Only an active subscription can be cancelled at the end of its cycle."); it stays active and is cancelled at `current_end` instead of billing the next cycle. Asking again changes nothing.',
      parameters: [subscriptionIdParameter],
      requestBody: { required: false, ...json(ref('CancelSubscription')) },
      responses: subscriptionResponse(
        'The subscription: cancelled, or still active until the end of its cycle',
      ),
    },
  },
  '/v1/subscriptions/{id}/addons': {
    post: {
      tags: ['Subscriptions'],
      summary: 'Add an add-on to a subscription',
      operationId: 'createAddon',
      description: `${ADDONS}\n\nRefused: a final subscription ("The subscription is cancelled: it takes no add-ons.", and likewise completed or expired); an item in another currency than the plan's ("The item.currency must be the plan currency (INR).", field \`item.currency\`).`,
      parameters: [subscriptionIdParameter],
      requestBody: { required: true, ...json(ref('CreateAddon')) },
      responses: answers('The add-on, `invoice_id` null until the next cycle invoice charges it', {
        ...ref('Addon'),
        examples: [addonExample],
      }),
    },
  },
  '/v1/subscriptions/{id}/{offer_id}': {
    delete: {
      tags: ['Subscriptions'],
      summary: 'Remove the offer from a subscription',
      operationId: 'removeSubscriptionOffer',
      description: `Unlinks the subscription's offer: \`offer_id\` becomes null and the cycles billed from then on are not discounted (an invoice issued already keeps its \`discount\` line). Another offer than the linked one, or none linked: "The offer is not linked to this subscription." (field \`offer_id\`). No body.\n\n${OFFERS}`,
      parameters: [
        subscriptionIdParameter,
        {
          name: 'offer_id',
          in: 'path',
          required: true,
          description: 'The offer linked to the subscription.',
          schema: { type: 'string' },
          examples: { offer: { value: 'offer_1Aa00000000001' } },
        },
      ],
      responses: subscriptionResponse('The subscription without the offer'),
    },
  },
  '/v1/addons': {
    get: listOperation(
      addonNames,
      [...page],
      'Every add-on of the account and mode added by POST /v1/subscriptions/{id}/addons, invoiced or not; deleted ones are not listed.',
    ),
  },
  '/v1/addons/{id}': {
    get: fetchOperation(addonNames, [addonIdParameter]),
    delete: {
      tags: ['Subscriptions'],
      summary: 'Delete an add-on not invoiced yet',
      operationId: 'deleteAddon',
      description:
        'Only while `invoice_id` is null: the next cycle invoice will not charge it, and it is gone (fetching it again: "The id provided does not exist"). Once on an invoice: "The add-on is on an invoice already and cannot be deleted.".',
      parameters: [addonIdParameter],
      responses: answers('An empty array', { type: 'array', maxItems: 0, examples: [[]] }),
    },
  },
};
