import { fold } from '@platform/domain-kit';
import type { EventMetadata } from '@platform/event-store';
import { ProjectionSpecification, otherTenants, rowOrigin } from '@platform/service-testing';
import { BILLING_ENTITIES, BILLING_MIGRATIONS } from '../../app.module';
import { SUBSCRIPTION_STREAM, subscriptionDecider } from '../subscription.decider';
import type { LiveSubscription } from '../subscription.decider';
import type {
  SubscriptionChange,
  SubscriptionEvent,
  SubscriptionPlan,
} from '../subscription.events';
import { GOLD_PLAN as GOLD, subscriptionTerms } from '../subscription.fixtures';
import type { SubscriptionStatus } from '../subscription-status';
import type { SubscriptionDetailsRow } from './subscription-details.entity';
import { subscriptionDetailsProjection } from './subscription-details.projection';
import { getSubscriptionDetails } from './subscription-details.query';

const DAY = 86_400_000;
/** Created and authorized at NOW: cycle 1 of a monthly plan runs from Jan 31 to Feb 29. */
const NOW = Date.parse('2024-01-31T10:00:00.000Z');
const FEB29 = Date.parse('2024-02-29T10:00:00.000Z');
const MAR31 = Date.parse('2024-03-31T10:00:00.000Z');
const METADATA: EventMetadata = { accountId: 'acc_Test0000000001', mode: 'test', now: NOW };
const AUTH_PAYMENT = 'pay_AuthPayment0001';
const CUSTOMER_ID = 'cust_AbCdEfGhIjKlMn';
const OFFER_ID = 'offer_AbCdEfGhIjKlM';
const SILVER: SubscriptionPlan = { ...GOLD, planId: 'plan_Silver0000001', amount: 29_900 };
const TERMS = subscriptionTerms({ offerId: OFFER_ID });

const inv = (cycle: number): string => `inv_Cycle${String(cycle).padStart(9, '0')}`;
/** Each subscription is authorized by an order of its own (a unique column of the row). */
const orderOf = (subscriptionId: string) => `order_${subscriptionId}`;
const event = (type: SubscriptionEvent['type'], data: object) =>
  ({ type, data }) as SubscriptionEvent;

const created = (subscriptionId: string) =>
  event('SubscriptionCreated', {
    subscriptionId,
    terms: TERMS,
    authorization: { orderId: orderOf(subscriptionId), amount: 49_900, invoiceId: inv(1) },
    createdAt: NOW,
  });
const authenticated = event('SubscriptionAuthenticated', {
  paymentId: AUTH_PAYMENT,
  customerId: CUSTOMER_ID,
  method: 'card',
  at: NOW,
});
const cycleBilled = (cycle: number, start: number, end: number) =>
  event('SubscriptionCycleBilled', {
    invoiceId: inv(cycle),
    cycle,
    start,
    end,
    chargeAutomatically: true,
    anchor: { at: NOW, cyclesBefore: 0 },
    at: start,
  });
const charged = (cycle: number, paymentId: string, at: number) =>
  event('SubscriptionCharged', { invoiceId: inv(cycle), paymentId, cycle, at });
const chargeFailed = (attempt: number, retryAt: number | null, at: number) =>
  event('SubscriptionChargeFailed', {
    invoiceId: inv(2),
    paymentId: `pay_Failed0000000${attempt}`,
    attempt,
    retryAt,
    at,
  });
const at = (type: SubscriptionEvent['type'], when = FEB29 + DAY) => event(type, { at: when });
const TO_SILVER: SubscriptionChange = { plan: SILVER };

/** The history of each business outcome, after the subscription's creation. */
const ACTIVE = [
  authenticated,
  cycleBilled(1, NOW, FEB29),
  at('SubscriptionActivated', NOW),
  charged(1, AUTH_PAYMENT, NOW),
];
const CYCLE_2_FAILED = [
  ...ACTIVE,
  cycleBilled(2, FEB29, MAR31),
  chargeFailed(1, FEB29 + DAY, FEB29),
];

const spec = ProjectionSpecification.forStreams(subscriptionDetailsProjection, {
  entities: BILLING_ENTITIES,
  migrations: BILLING_MIGRATIONS,
  streamType: SUBSCRIPTION_STREAM,
  metadata: METADATA,
  read: getSubscriptionDetails,
});
const { detailsOf } = spec;
const subscription = (streamId: string, ...events: SubscriptionEvent[]) =>
  spec.stream(streamId, created(streamId), ...events);

/**
 * The row after these events: the status and plan the lists filter by, and as `state` the
 * subscription as its decider folds the same history.
 */
function rowAfter(
  id: string,
  events: readonly SubscriptionEvent[],
  expected: { status: SubscriptionStatus; planId?: string },
): SubscriptionDetailsRow {
  return {
    ...rowOrigin(id, METADATA, NOW, events.length + 1),
    status: expected.status,
    planId: expected.planId ?? GOLD.planId,
    authorizationOrderId: orderOf(id),
    state: fold(subscriptionDecider, [created(id), ...events]) as LiveSubscription,
  };
}

/** Each business outcome: its history after the creation, the status it shows, the plan it charges. */
const OUTCOMES: [string, SubscriptionEvent[], SubscriptionStatus, string?][] = [
  ['shows a subscription just created as created', [], 'created'],
  [
    'counts a failed authorization payment, still created',
    [event('SubscriptionAuthorizationFailed', { paymentId: 'pay_Declined000001', at: NOW })],
    'created',
  ],
  [
    'shows an authorized subscription as authenticated, with its customer',
    [authenticated],
    'authenticated',
  ],
  ['shows the first cycle billed, still authenticated', ACTIVE.slice(0, 2), 'authenticated'],
  ['shows an activated subscription as active', ACTIVE.slice(0, 3), 'active'],
  ['counts a paid cycle', ACTIVE, 'active'],
  ['keeps the failed charge of an open cycle, still active', CYCLE_2_FAILED, 'active'],
  [
    'shows a subscription whose charge failed as pending',
    [...CYCLE_2_FAILED, at('SubscriptionPending', FEB29)],
    'pending',
  ],
  [
    'counts a retry of the open cycle’s charge',
    [
      ...CYCLE_2_FAILED,
      at('SubscriptionPending', FEB29),
      event('SubscriptionChargeRetried', { invoiceId: inv(2), attempt: 2, at: FEB29 + DAY }),
    ],
    'pending',
  ],
  [
    'shows a subscription whose retries ran out as halted',
    [...CYCLE_2_FAILED, at('SubscriptionHalted')],
    'halted',
  ],
  [
    'shows a paused subscription as paused, and since when',
    [...ACTIVE, at('SubscriptionPaused')],
    'paused',
  ],
  [
    'shows a resumed subscription as active again, with its next charge',
    [
      ...ACTIVE,
      at('SubscriptionPaused'),
      event('SubscriptionResumed', { chargeAt: MAR31, at: FEB29 + DAY }),
    ],
    'active',
  ],
  [
    'keeps a cancellation scheduled for the cycle’s end, still active',
    [...ACTIVE, event('SubscriptionCancellationScheduled', { cancelAt: FEB29, at: NOW })],
    'active',
  ],
  [
    'shows a cancelled subscription as cancelled, and when it ended',
    [...ACTIVE, at('SubscriptionCancelled')],
    'cancelled',
  ],
  [
    'shows a completed subscription as completed',
    [...ACTIVE, at('SubscriptionCompleted')],
    'completed',
  ],
  ['shows an expired subscription as expired', [at('SubscriptionExpired', NOW + DAY)], 'expired'],
  [
    'shows the plan an update changed to at once',
    [...ACTIVE, event('SubscriptionUpdated', { change: TO_SILVER, at: NOW })],
    'active',
    SILVER.planId,
  ],
  [
    'keeps a change scheduled for the cycle’s end, the plan unchanged until then',
    [
      ...ACTIVE,
      event('SubscriptionChangeScheduled', { change: TO_SILVER, changeAt: FEB29, at: NOW }),
    ],
    'active',
  ],
  [
    'shows the plan a scheduled change applied',
    [
      ...ACTIVE,
      event('SubscriptionChangeScheduled', { change: TO_SILVER, changeAt: FEB29, at: NOW }),
      event('SubscriptionChangeApplied', { change: TO_SILVER, at: FEB29 }),
    ],
    'active',
    SILVER.planId,
  ],
  [
    'forgets the scheduled change once cancelled',
    [
      ...ACTIVE,
      event('SubscriptionChangeScheduled', { change: TO_SILVER, changeAt: FEB29, at: NOW }),
      at('SubscriptionScheduledChangesCancelled', NOW),
    ],
    'active',
  ],
  [
    'shows the subscription without its offer once removed',
    [...ACTIVE, event('SubscriptionOfferRemoved', { offerId: OFFER_ID, at: NOW })],
    'active',
  ],
];

spec.describe('subscription details projection', () => {
  OUTCOMES.forEach(([name, events, status, planId], i) => {
    const id = `sub_Outcome${String(i).padStart(7, '0')}`;
    it(name, () =>
      spec
        .given(...subscription(id, ...events))
        .then(detailsOf(id), rowAfter(id, events, { status, planId })),
    );
  });

  it('keeps the offer, the customer and the cycles counted in the state', () =>
    spec.given(...subscription('sub_StateFields01', ...ACTIVE)).then(
      async (db) => {
        const row = await getSubscriptionDetails(db, METADATA, 'sub_StateFields01');
        const state = row?.state;
        return state && [state.terms.offerId, state.customerId, state.billedCount, state.paidCount];
      },
      [OFFER_ID, CUSTOMER_ID, 1, 1],
    ));

  it('leaves the same row when the events are replayed', () => {
    const events = [...CYCLE_2_FAILED, at('SubscriptionHalted')];
    return spec
      .given(...subscription('sub_Replayed00001', ...events))
      .thenAfter(
        'redelivery',
        detailsOf('sub_Replayed00001'),
        rowAfter('sub_Replayed00001', events, { status: 'halted' }),
      );
  });

  it('shows the subscription to no other account or mode', async () => {
    await spec
      .given(...subscription('sub_OtherTenant01'))
      .then(
        detailsOf('sub_OtherTenant01'),
        rowAfter('sub_OtherTenant01', [], { status: 'created' }),
      );
    for (const other of otherTenants(METADATA))
      await spec.given().then((db) => getSubscriptionDetails(db, other, 'sub_OtherTenant01'), null);
  });
});
