import {
  AlreadyExists,
  DomainError,
  fold,
  IllegalTransition,
  NotFound,
} from '@platform/domain-kit';
import { DeciderSpecification, illegal, invalid } from '@platform/testing-core';
import { CHARGE_RETRY_DELAYS_MS } from './charge-retries';
import type { SubscriptionCommand } from './subscription.commands';
import { applyChange, withScheduledChange } from './subscription-change';
import { remainingCount, upcomingCycle } from './subscription-cycle';
import { FINAL_STATUSES, isFinal } from './subscription-status';
import { SUBSCRIPTION_STREAM, subscriptionDecider, subscriptionKind } from './subscription.decider';
import type { LiveSubscription, Subscription } from './subscription.decider';
import type {
  Authorization,
  CycleAnchor,
  SubscriptionChange,
  SubscriptionEvent,
  SubscriptionPlan,
  SubscriptionTerms,
} from './subscription.events';
import { GOLD_PLAN as GOLD, subscriptionTerms } from './subscription.fixtures';

// ---------------------------------------------------------------------------------------------
// Fixtures
// ---------------------------------------------------------------------------------------------

const MINUTE = 60_000;
const DAY = 86_400_000;
const at = (iso: string): number => Date.parse(iso);

const SUBSCRIPTION_ID = 'sub_AbCdEfGhIjKlMn';
const ORDER_ID = 'order_AuthOrder00001';
const AUTH_PAYMENT = 'pay_AuthPayment0001';
const CUSTOMER_ID = 'cust_AbCdEfGhIjKlMn';
const OFFER_ID = 'offer_AbCdEfGhIjKlM';
/** Created and authorized at NOW: cycle 1 of a monthly plan runs from Jan 31 to Feb 29 (2024 is a leap year). */
const NOW = at('2024-01-31T10:00:00.000Z');
const FEB29 = at('2024-02-29T10:00:00.000Z');
const MAR31 = at('2024-03-31T10:00:00.000Z');
const APR30 = at('2024-04-30T10:00:00.000Z');
/** The start_at of a deferred subscription. */
const START = at('2024-02-15T00:00:00.000Z');
const START_END = at('2024-03-15T00:00:00.000Z');
const EXPIRE_BY = at('2024-02-07T00:00:00.000Z');

const inv = (cycle: number): string => `inv_Cycle${String(cycle).padStart(9, '0')}`;
const pay = (name: string | number): string => `pay_${String(name).padStart(14, '0')}`;

const SILVER: SubscriptionPlan = {
  planId: 'plan_Silver0000001',
  amount: 29_900,
  currency: 'INR',
  period: 'monthly',
  interval: 1,
};
const WEEKLY: SubscriptionPlan = {
  planId: 'plan_Weekly0000001',
  amount: 9_900,
  currency: 'INR',
  period: 'weekly',
  interval: 1,
};
const DOLLARS: SubscriptionPlan = {
  planId: 'plan_Dollars000001',
  amount: 999,
  currency: 'USD',
  period: 'monthly',
  interval: 1,
};

const terms = (overrides: Partial<SubscriptionTerms> = {}): SubscriptionTerms =>
  subscriptionTerms({ plan: GOLD, ...overrides });
const deferredTerms = (overrides: Partial<SubscriptionTerms> = {}): SubscriptionTerms =>
  terms({ startAt: START, ...overrides });

/** The authorization payment charges cycle 1 (no start_at). */
const FIRST_CHARGE: Authorization = { orderId: ORDER_ID, amount: 49_900, invoiceId: inv(1) };
/** A token payment (start_at set). */
const TOKEN: Authorization = { orderId: ORDER_ID, amount: 500, invoiceId: null };
/** start_at set and upfront add-ons: the authorization payment pays their invoice (30,000), no cycle. */
const ADDONS_INVOICE = 'inv_UpfrontAddons01';
const UPFRONT_ADDONS: Authorization = {
  orderId: ORDER_ID,
  amount: 30_000,
  invoiceId: ADDONS_INVOICE,
};

type CommandOf<T extends SubscriptionCommand['type']> = Extract<SubscriptionCommand, { type: T }>;
type EventOf<T extends SubscriptionEvent['type']> = Extract<SubscriptionEvent, { type: T }>;

const command = <T extends SubscriptionCommand['type']>(
  type: T,
  data: CommandOf<T>['data'],
  now = NOW,
): CommandOf<T> =>
  ({
    type,
    data,
    metadata: { accountId: 'acc_Test0000000001', mode: 'test', now },
  }) as unknown as CommandOf<T>;
const event = <T extends SubscriptionEvent['type']>(
  type: T,
  data: EventOf<T>['data'],
): EventOf<T> => ({ type, data }) as unknown as EventOf<T>;

// Commands
const createSubscription = (
  subscriptionTerms = terms(),
  authorization = subscriptionTerms.startAt === null ? FIRST_CHARGE : TOKEN,
  now = NOW,
) =>
  command(
    'CreateSubscription',
    { subscriptionId: SUBSCRIPTION_ID, terms: subscriptionTerms, authorization },
    now,
  );
const authorize = (paymentId = AUTH_PAYMENT, orderId = ORDER_ID, now = NOW) =>
  command(
    'AuthorizeSubscription',
    { paymentId, orderId, customerId: CUSTOMER_ID, method: 'card' },
    now,
  );
const recordAuthorizationFailure = (paymentId: string, now = NOW) =>
  command('RecordAuthorizationFailure', { paymentId }, now);
const billCycle = (invoiceId: string, when: number, now = when) =>
  command('BillCycle', { invoiceId, at: when }, now);
const recordCharge = (invoiceId: string, paymentId: string, now: number) =>
  command('RecordCycleCharge', { invoiceId, paymentId }, now);
const recordFailure = (invoiceId: string, paymentId: string, now: number) =>
  command('RecordCycleChargeFailure', { invoiceId, paymentId }, now);
const retry = (invoiceId: string, attempt: number, now: number) =>
  command('RetryCycleCharge', { invoiceId, attempt }, now);
const pause = (now = NOW) => command('PauseSubscription', {}, now);
const resume = (now = NOW) => command('ResumeSubscription', {}, now);
const cancel = (atCycleEnd: boolean, now = NOW) =>
  command('CancelSubscription', { atCycleEnd }, now);
const update = (
  change: SubscriptionChange,
  scheduleChangeAt: 'now' | 'cycle_end' = 'now',
  now = NOW,
) => command('UpdateSubscription', { change, scheduleChangeAt }, now);
/** A PATCH that sends customer_notify (with or without a change). */
const updateNotifying = (
  customerNotify: boolean,
  change: SubscriptionChange = {},
  scheduleChangeAt: 'now' | 'cycle_end' = 'now',
) => command('UpdateSubscription', { change, scheduleChangeAt, customerNotify }, NOW);
const cancelScheduledChanges = (now = NOW) => command('CancelScheduledChanges', {}, now);
const removeOffer = (offerId: string, now = NOW) => command('RemoveOffer', { offerId }, now);
const expire = (when: number, now = when) => command('ExpireSubscription', { at: when }, now);

// Events
const created = (
  subscriptionTerms = terms(),
  authorization = subscriptionTerms.startAt === null ? FIRST_CHARGE : TOKEN,
) =>
  event('SubscriptionCreated', {
    subscriptionId: SUBSCRIPTION_ID,
    terms: subscriptionTerms,
    authorization,
    createdAt: NOW,
  });
const authorizationFailed = (paymentId: string, when = NOW) =>
  event('SubscriptionAuthorizationFailed', { paymentId, at: when });
const authenticated = (when = NOW) =>
  event('SubscriptionAuthenticated', {
    paymentId: AUTH_PAYMENT,
    customerId: CUSTOMER_ID,
    method: 'card',
    at: when,
  });
const activated = (when: number) => event('SubscriptionActivated', { at: when });
const cycleBilled = (
  cycle: number,
  start: number,
  end: number,
  options: {
    anchor?: CycleAnchor;
    chargeAutomatically?: boolean;
    at?: number;
    invoiceId?: string;
  } = {},
) =>
  event('SubscriptionCycleBilled', {
    invoiceId: options.invoiceId ?? inv(cycle),
    cycle,
    start,
    end,
    chargeAutomatically: options.chargeAutomatically ?? true,
    anchor: options.anchor ?? { at: NOW, cyclesBefore: 0 },
    at: options.at ?? start,
  });
const charged = (cycle: number, paymentId: string, when: number, invoiceId = inv(cycle)) =>
  event('SubscriptionCharged', { invoiceId, paymentId, cycle, at: when });
const chargeFailed = (
  cycle: number,
  paymentId: string,
  attempt: number,
  retryAt: number | null,
  when: number,
) =>
  event('SubscriptionChargeFailed', {
    invoiceId: inv(cycle),
    paymentId,
    attempt,
    retryAt,
    at: when,
  });
const pending = (when: number) => event('SubscriptionPending', { at: when });
const halted = (when: number) => event('SubscriptionHalted', { at: when });
const retried = (cycle: number, attempt: number, when: number) =>
  event('SubscriptionChargeRetried', { invoiceId: inv(cycle), attempt, at: when });
const paused = (when = NOW) => event('SubscriptionPaused', { at: when });
const resumed = (chargeAt: number, when: number) =>
  event('SubscriptionResumed', { chargeAt, at: when });
const cancellationScheduled = (cancelAt: number, when = NOW) =>
  event('SubscriptionCancellationScheduled', { cancelAt, at: when });
const cancelled = (when = NOW) => event('SubscriptionCancelled', { at: when });
const completed = (when: number) => event('SubscriptionCompleted', { at: when });
const expired = (when: number) => event('SubscriptionExpired', { at: when });
const updated = (change: SubscriptionChange, when = NOW) =>
  event('SubscriptionUpdated', { change, at: when });
const changeScheduled = (change: SubscriptionChange, changeAt: number, when = NOW) =>
  event('SubscriptionChangeScheduled', { change, changeAt, at: when });
const changeApplied = (change: SubscriptionChange, when: number) =>
  event('SubscriptionChangeApplied', { change, at: when });
const customerNotifySet = (customerNotify: boolean, when = NOW) =>
  event('SubscriptionCustomerNotifySet', { customerNotify, at: when });
const scheduledChangesCancelled = (when = NOW) =>
  event('SubscriptionScheduledChangesCancelled', { at: when });
const offerRemoved = (offerId: string, when = NOW) =>
  event('SubscriptionOfferRemoved', { offerId, at: when });

// Histories
const CREATED: SubscriptionEvent[] = [created()];
/** Authorized at NOW: cycle 1 (Jan 31 to Feb 29) billed and paid by the authorization payment. */
const ACTIVE: SubscriptionEvent[] = [
  ...CREATED,
  authenticated(),
  cycleBilled(1, NOW, FEB29, { at: NOW }),
  activated(NOW),
  charged(1, AUTH_PAYMENT, NOW),
];
/** Cycle 2 (Feb 29 to Mar 31) billed, not yet paid. */
const CYCLE_2_OPEN: SubscriptionEvent[] = [...ACTIVE, cycleBilled(2, FEB29, MAR31)];
const FIRST_FAILURE = FEB29 + 5 * MINUTE;
const PENDING: SubscriptionEvent[] = [
  ...CYCLE_2_OPEN,
  chargeFailed(2, pay('f1'), 1, FIRST_FAILURE + CHARGE_RETRY_DELAYS_MS[0], FIRST_FAILURE),
  pending(FIRST_FAILURE),
];
const HALT_AT = FEB29 + 6 * DAY;
const HALTED: SubscriptionEvent[] = [
  ...PENDING,
  retried(2, 2, FEB29 + DAY),
  chargeFailed(2, pay('f2'), 2, FEB29 + 3 * DAY, FEB29 + DAY),
  retried(2, 3, FEB29 + 3 * DAY),
  chargeFailed(2, pay('f3'), 3, FEB29 + 6 * DAY, FEB29 + 3 * DAY),
  retried(2, 4, HALT_AT),
  chargeFailed(2, pay('f4'), 4, null, HALT_AT),
  halted(HALT_AT),
];
const PAUSE_AT = at('2024-02-10T00:00:00.000Z');
const PAUSED: SubscriptionEvent[] = [...ACTIVE, paused(PAUSE_AT)];
const DEFERRED: SubscriptionEvent[] = [created(deferredTerms())];
const AUTHENTICATED: SubscriptionEvent[] = [...DEFERRED, authenticated()];
/** The deferred subscription's cycle 1 billed at START, not yet paid. */
const DEFERRED_CYCLE_1: SubscriptionEvent[] = [
  ...AUTHENTICATED,
  cycleBilled(1, START, START_END, { anchor: { at: START, cyclesBefore: 0 } }),
];

const given = DeciderSpecification.for(subscriptionDecider);
const stateOf = (events: readonly SubscriptionEvent[]): Subscription =>
  fold(subscriptionDecider, events);
const liveOf = (events: readonly SubscriptionEvent[]): LiveSubscription => {
  const state = stateOf(events);
  if (state.status === 'new') throw new Error('expected a subscription');
  return state;
};
const decideOn = (
  events: readonly SubscriptionEvent[],
  cmd: SubscriptionCommand,
): SubscriptionEvent[] => {
  const decided = subscriptionDecider.decide(cmd, stateOf(events));
  return Array.isArray(decided) ? decided : [decided];
};
/** Runs the commands one after the other, each on the history the ones before left. */
const play = (
  events: readonly SubscriptionEvent[],
  ...commands: SubscriptionCommand[]
): SubscriptionEvent[] =>
  commands.reduce<SubscriptionEvent[]>(
    (history, cmd) => [...history, ...decideOn(history, cmd)],
    [...events],
  );

/**
 * upcomingCycle must agree exactly with what BillCycle records: the same cycle, bounds and
 * automatic charge, and the terms the subscription has once the cycle is billed (or null when
 * BillCycle bills nothing).
 */
function expectUpcomingAgrees(
  history: readonly SubscriptionEvent[],
  when: number,
  invoiceId = 'inv_Upcoming0000001',
): void {
  const upcoming = upcomingCycle(stateOf(history), when);
  const decided = decideOn(history, billCycle(invoiceId, when));
  const billed = decided.find(
    (e): e is EventOf<'SubscriptionCycleBilled'> => e.type === 'SubscriptionCycleBilled',
  );
  if (billed === undefined) {
    expect(upcoming).toBeNull();
    return;
  }
  const { cycle, start, end, chargeAutomatically } = billed.data;
  expect(upcoming).toEqual({
    cycle,
    start,
    end,
    chargeAutomatically,
    terms: liveOf([...history, ...decided]).terms,
  });
}

// ---------------------------------------------------------------------------------------------

describe('Subscription', () => {
  it('is the subscription stream', () => {
    expect(subscriptionKind).toEqual({
      streamType: SUBSCRIPTION_STREAM,
      decider: subscriptionDecider,
    });
    expect(SUBSCRIPTION_STREAM).toBe('subscription');
  });

  describe('helpers', () => {
    it('isFinal: cancelled, completed and expired', () => {
      expect(FINAL_STATUSES.every(isFinal)).toBe(true);
      expect(
        (
          ['new', 'created', 'authenticated', 'active', 'pending', 'halted', 'paused'] as const
        ).some(isFinal),
      ).toBe(false);
    });

    it('remainingCount: the cycles not yet billed', () => {
      expect(remainingCount(liveOf(CREATED))).toBe(12);
      expect(remainingCount(liveOf(ACTIVE))).toBe(11);
      expect(remainingCount(liveOf(CYCLE_2_OPEN))).toBe(10);
    });

    it('applyChange replaces what the change names; the remaining count sets the total from the cycles billed', () => {
      const before = terms({ offerId: OFFER_ID });
      expect(applyChange(before, {}, 3)).toEqual(before);
      expect(
        applyChange(before, { plan: SILVER, quantity: 3, remainingCount: 4, offerId: null }, 3),
      ).toEqual({ ...before, plan: SILVER, quantity: 3, totalCount: 7, offerId: null });
      expect(applyChange(before, { startAt: START }, 0)).toEqual({ ...before, startAt: START });
    });

    it('withScheduledChange: the subscription once its scheduled change is applied', () => {
      const history = [
        ...ACTIVE,
        changeScheduled({ plan: SILVER, quantity: 2, remainingCount: 2 }, FEB29),
      ];
      const after = withScheduledChange(liveOf(history));
      expect(after.terms).toEqual({ ...terms(), plan: SILVER, quantity: 2, totalCount: 3 });
      expect(after.scheduledChange).toBeNull();
      expect(after.changeScheduledAt).toBeNull();
      expect(withScheduledChange(liveOf(ACTIVE))).toEqual(liveOf(ACTIVE));
    });
  });

  describe('when it does not exist', () => {
    it('is created to start at authorization: chargeAt null until then', () => {
      given([]).when(createSubscription()).then([created()]);
      const state = liveOf([created()]);
      expect(state).toMatchObject({
        status: 'created',
        billedCount: 0,
        paidCount: 0,
        chargeAt: null,
        anchor: null,
        openCycle: null,
        createdAt: NOW,
        authAttempts: 0,
      });
    });

    it('is created with a start_at: chargeAt is the start_at', () => {
      given([])
        .when(createSubscription(deferredTerms()))
        .then([created(deferredTerms())]);
      expect(liveOf(DEFERRED)).toMatchObject({ status: 'created', chargeAt: START });
    });

    it.each([
      ['the smallest quantity, 1', terms({ quantity: 1 })],
      ['a total count of 1', terms({ totalCount: 1 })],
      ['a start_at a millisecond ahead', terms({ startAt: NOW + 1 })],
      ['an expire_by a millisecond ahead', terms({ expireBy: NOW + 1 })],
    ])('accepts %s', (_, subscriptionTerms) => {
      given([])
        .when(createSubscription(subscriptionTerms))
        .then([created(subscriptionTerms)]);
    });

    it.each([
      ['a quantity of 0', terms({ quantity: 0 }), 'quantity', 'The quantity must be at least 1.'],
      [
        'a total count of 0',
        terms({ totalCount: 0 }),
        'total_count',
        'The total_count must be at least 1.',
      ],
      [
        'a start_at of now',
        terms({ startAt: NOW }),
        'start_at',
        'The start_at must be in the future.',
      ],
      [
        'a start_at in the past',
        terms({ startAt: NOW - 1 }),
        'start_at',
        'The start_at must be in the future.',
      ],
      [
        'an expire_by of now',
        terms({ expireBy: NOW }),
        'expire_by',
        'The expire_by must be in the future.',
      ],
    ])('refuses %s', (_, subscriptionTerms, field, description) => {
      given([]).when(createSubscription(subscriptionTerms)).thenThrows(invalid(field, description));
    });

    it('is created with a start_at and upfront add-ons: the authorization pays their invoice, chargeAt is still the start_at', () => {
      given([])
        .when(createSubscription(deferredTerms(), UPFRONT_ADDONS))
        .then([created(deferredTerms(), UPFRONT_ADDONS)]);
      expect(liveOf([created(deferredTerms(), UPFRONT_ADDONS)])).toMatchObject({
        status: 'created',
        chargeAt: START,
        authorization: UPFRONT_ADDONS,
      });
    });

    it('fails (a fault of ours) when an authorization without start_at charges no first cycle', () => {
      const notDomain = (error: unknown) =>
        error instanceof Error && !(error instanceof DomainError);
      given([]).when(createSubscription(terms(), TOKEN)).thenThrows(notDomain);
    });

    it.each([
      authorize(),
      recordAuthorizationFailure(pay(1)),
      billCycle(inv(1), NOW),
      recordCharge(inv(1), pay(1), NOW),
      recordFailure(inv(1), pay(1), NOW),
      retry(inv(1), 1, NOW),
      pause(),
      resume(),
      cancel(false),
      cancel(true),
      update({ quantity: 2 }),
      cancelScheduledChanges(),
      removeOffer(OFFER_ID),
      expire(NOW),
    ])('refuses $type: not found', (cmd) => {
      given([]).when(cmd).thenThrows(NotFound);
    });

    it('has no upcoming cycle', () => {
      expect(upcomingCycle(stateOf([]), NOW)).toBeNull();
    });
  });

  describe('when created', () => {
    it('cannot be created again', () => {
      given(CREATED).when(createSubscription()).thenThrows(AlreadyExists);
    });

    describe('authorized without a start_at: the authorization payment is cycle 1’s charge', () => {
      it('bills and charges cycle 1 at once, from now to a month on', () => {
        given(CREATED).when(authorize()).then(ACTIVE.slice(1));
      });

      it('is then active with cycle 1 paid and its end as the next billing', () => {
        expect(liveOf(ACTIVE)).toMatchObject({
          status: 'active',
          customerId: CUSTOMER_ID,
          paymentMethod: 'card',
          authorizationPaymentId: AUTH_PAYMENT,
          anchor: { at: NOW, cyclesBefore: 0 },
          billedCount: 1,
          paidCount: 1,
          currentStart: NOW,
          currentEnd: FEB29,
          chargeAt: FEB29,
          endedAt: null,
          openCycle: null,
          chargedInvoices: [inv(1)],
        });
      });

      it('completes at once a subscription of one cycle', () => {
        const one = terms({ totalCount: 1 });
        const history = [
          created(one),
          authenticated(),
          cycleBilled(1, NOW, FEB29, { at: NOW }),
          activated(NOW),
          charged(1, AUTH_PAYMENT, NOW),
          completed(NOW),
        ];
        given([created(one)])
          .when(authorize())
          .then(history.slice(1));
        expect(liveOf(history)).toMatchObject({
          status: 'completed',
          billedCount: 1,
          paidCount: 1,
          endedAt: NOW,
          chargeAt: null,
        });
        expectUpcomingAgrees(history, FEB29);
      });

      it('keeps the time of a weekly plan: cycle 1 ends 7 days on', () => {
        const weekly = terms({ plan: WEEKLY });
        given([created(weekly)])
          .when(authorize())
          .then([
            authenticated(),
            cycleBilled(1, NOW, NOW + 7 * DAY, { at: NOW }),
            activated(NOW),
            charged(1, AUTH_PAYMENT, NOW),
          ]);
      });
    });

    describe('authorized with a start_at (a token payment)', () => {
      it('is authenticated only; cycle 1 is billed at the start_at', () => {
        given(DEFERRED).when(authorize()).then([authenticated()]);
        expect(liveOf(AUTHENTICATED)).toMatchObject({
          status: 'authenticated',
          billedCount: 0,
          paidCount: 0,
          chargeAt: START,
          currentStart: null,
          currentEnd: null,
        });
      });
    });

    describe('authorized with a start_at and upfront add-ons (their invoice paid)', () => {
      const WITH_ADDONS = [created(deferredTerms(), UPFRONT_ADDONS)];

      it('is authenticated only: the add-ons are no cycle; cycle 1 is billed at the start_at', () => {
        given(WITH_ADDONS).when(authorize()).then([authenticated()]);
        expect(liveOf([...WITH_ADDONS, authenticated()])).toMatchObject({
          status: 'authenticated',
          billedCount: 0,
          paidCount: 0,
          chargeAt: START,
          openCycle: null,
          chargedInvoices: [],
        });
      });

      it('bills cycle 1 (the plan) at the start_at, under a new invoice', () => {
        given([...WITH_ADDONS, authenticated()])
          .when(billCycle(inv(1), START))
          .then([cycleBilled(1, START, START_END, { anchor: { at: START, cyclesBefore: 0 } })]);
      });
    });

    it('refuses an authorization payment of another order', () => {
      given(CREATED)
        .when(authorize(AUTH_PAYMENT, 'order_SomeOtherOrder01'))
        .thenThrows(invalid('order_id'));
    });

    it('records failed authorization payments once each', () => {
      given(CREATED)
        .when(recordAuthorizationFailure(pay(1)))
        .then([authorizationFailed(pay(1))]);
      given([...CREATED, authorizationFailed(pay(1))])
        .when(recordAuthorizationFailure(pay(1)))
        .thenNothingHappened();
      given([...CREATED, authorizationFailed(pay(1))])
        .when(recordAuthorizationFailure(pay(2)))
        .then([authorizationFailed(pay(2))]);
      expect(
        liveOf([...CREATED, authorizationFailed(pay(1)), authorizationFailed(pay(2))]).authAttempts,
      ).toBe(2);
    });

    it('is still authorized after failed attempts', () => {
      given([...CREATED, authorizationFailed(pay(1))])
        .when(authorize())
        .then(ACTIVE.slice(1));
    });

    it('expires at its expire_by', () => {
      const history = [created(terms({ expireBy: EXPIRE_BY }))];
      given(history)
        .when(expire(EXPIRE_BY, EXPIRE_BY + MINUTE))
        .then([expired(EXPIRE_BY + MINUTE)]);
      expect(liveOf([...history, expired(EXPIRE_BY + MINUTE)])).toMatchObject({
        status: 'expired',
        endedAt: EXPIRE_BY + MINUTE,
        chargeAt: null,
      });
    });

    it('ignores an expiry timer for another time, or without an expire_by', () => {
      given([created(terms({ expireBy: EXPIRE_BY }))])
        .when(expire(EXPIRE_BY - 1))
        .thenNothingHappened();
      given(CREATED).when(expire(EXPIRE_BY)).thenNothingHappened();
    });

    it('bills nothing, even at its start_at, before authorization', () => {
      given(DEFERRED)
        .when(billCycle(inv(1), START))
        .thenNothingHappened();
      expect(upcomingCycle(stateOf(DEFERRED), START)).toBeNull();
    });

    it('has no open cycle to charge, fail or retry', () => {
      given(CREATED)
        .when(recordCharge(inv(1), pay(1), NOW))
        .thenThrows(illegal("This invoice is not the subscription's open cycle."));
      given(CREATED)
        .when(recordFailure(inv(1), pay(1), NOW))
        .thenNothingHappened();
      given(CREATED)
        .when(retry(inv(1), 1, NOW))
        .thenNothingHappened();
    });

    it('is cancelled now, but not at a cycle end', () => {
      given(CREATED).when(cancel(false)).then([cancelled()]);
      given(CREATED)
        .when(cancel(true))
        .thenThrows(
          illegal('Only an active subscription can be cancelled at the end of its cycle.'),
        );
    });

    it('cannot be paused, resumed or updated', () => {
      given(CREATED)
        .when(pause())
        .thenThrows(illegal('Only an active subscription can be paused.'));
      given(CREATED)
        .when(resume())
        .thenThrows(illegal('Only a paused subscription can be resumed.'));
      given(CREATED)
        .when(update({ quantity: 2 }))
        .thenThrows(illegal('Only an authenticated or active subscription can be updated.'));
      given(CREATED)
        .when(updateNotifying(false))
        .thenThrows(illegal('Only an authenticated or active subscription can be updated.'));
    });

    it('has no scheduled changes to cancel', () => {
      given(CREATED)
        .when(cancelScheduledChanges())
        .thenThrows(illegal('The subscription has no scheduled changes.'));
    });

    it('has its offer removed, only its own', () => {
      const history = [created(terms({ offerId: OFFER_ID }))];
      given(history)
        .when(removeOffer(OFFER_ID))
        .then([offerRemoved(OFFER_ID)]);
      expect(liveOf([...history, offerRemoved(OFFER_ID)]).terms.offerId).toBeNull();
      given(history)
        .when(removeOffer('offer_AnotherOffer1'))
        .thenThrows(invalid('offer_id', 'The offer is not linked to this subscription.'));
      given([...history, offerRemoved(OFFER_ID)])
        .when(removeOffer(OFFER_ID))
        .thenThrows(invalid('offer_id'));
    });
  });

  describe('when authenticated (a start_at in the future)', () => {
    it('bills cycle 1 at the start_at, counted from it; stays authenticated until charged', () => {
      given(AUTHENTICATED)
        .when(billCycle(inv(1), START))
        .then([cycleBilled(1, START, START_END, { anchor: { at: START, cyclesBefore: 0 } })]);
      expect(liveOf(DEFERRED_CYCLE_1)).toMatchObject({
        status: 'authenticated',
        billedCount: 1,
        paidCount: 0,
        currentStart: START,
        currentEnd: START_END,
        chargeAt: START_END,
        openCycle: { invoiceId: inv(1), cycle: 1, failedAttempts: 0, failedPayments: [] },
      });
      expectUpcomingAgrees(AUTHENTICATED, START);
    });

    it('upcomingCycle: cycle 1 under the terms', () => {
      expect(upcomingCycle(stateOf(AUTHENTICATED), START)).toEqual({
        cycle: 1,
        start: START,
        end: START_END,
        terms: deferredTerms(),
        chargeAutomatically: true,
      });
    });

    it('ignores a stale billing timer', () => {
      given(AUTHENTICATED)
        .when(billCycle(inv(1), START - 1))
        .thenNothingHappened();
      given(AUTHENTICATED)
        .when(billCycle(inv(1), START + 1))
        .thenNothingHappened();
      expectUpcomingAgrees(AUTHENTICATED, START - 1);
      given(DEFERRED_CYCLE_1)
        .when(billCycle(inv(1), START))
        .thenNothingHappened();
    });

    it('is activated by the charge of cycle 1', () => {
      given(DEFERRED_CYCLE_1)
        .when(recordCharge(inv(1), pay(1), START + MINUTE))
        .then([charged(1, pay(1), START + MINUTE), activated(START + MINUTE)]);
      expect(
        liveOf([
          ...DEFERRED_CYCLE_1,
          charged(1, pay(1), START + MINUTE),
          activated(START + MINUTE),
        ]),
      ).toMatchObject({ status: 'active', paidCount: 1, openCycle: null });
    });

    it('is activated and completed by the charge of its only cycle', () => {
      const one = deferredTerms({ totalCount: 1 });
      const history = [
        created(one),
        authenticated(),
        cycleBilled(1, START, START_END, { anchor: { at: START, cyclesBefore: 0 } }),
      ];
      given(history)
        .when(recordCharge(inv(1), pay(1), START))
        .then([charged(1, pay(1), START), activated(START), completed(START)]);
    });

    it('turns pending when cycle 1’s charge fails', () => {
      given(DEFERRED_CYCLE_1)
        .when(recordFailure(inv(1), pay('f1'), START))
        .then([chargeFailed(1, pay('f1'), 1, START + DAY, START), pending(START)]);
    });

    it('bills cycle 2 when cycle 1 ends still unpaid (its charge outstanding)', () => {
      const next = at('2024-04-15T00:00:00.000Z');
      given(DEFERRED_CYCLE_1)
        .when(billCycle(inv(2), START_END))
        .then([cycleBilled(2, START_END, next, { anchor: { at: START, cyclesBefore: 0 } })]);
      expectUpcomingAgrees(DEFERRED_CYCLE_1, START_END);
    });

    it('is cancelled when paused (as Razorpay does)', () => {
      given(AUTHENTICATED).when(pause()).then([cancelled()]);
      expect(liveOf([...AUTHENTICATED, cancelled()])).toMatchObject({
        status: 'cancelled',
        endedAt: NOW,
        chargeAt: null,
      });
    });

    it('is cancelled now, not at a cycle end', () => {
      given(AUTHENTICATED).when(cancel(false)).then([cancelled()]);
      given(AUTHENTICATED)
        .when(cancel(true))
        .thenThrows(
          illegal('Only an active subscription can be cancelled at the end of its cycle.'),
        );
    });

    it('ignores a repeated authorization, refuses another, and no longer records authorization failures or expires', () => {
      given(AUTHENTICATED).when(authorize()).thenNothingHappened();
      given(AUTHENTICATED)
        .when(authorize(pay(9)))
        .thenThrows(illegal('The subscription is not awaiting authorization.'));
      given(AUTHENTICATED)
        .when(recordAuthorizationFailure(pay(9)))
        .thenNothingHappened();
      given([created(deferredTerms({ expireBy: EXPIRE_BY })), authenticated()])
        .when(expire(EXPIRE_BY))
        .thenNothingHappened();
    });

    describe('updated', () => {
      const later = at('2024-03-01T00:00:00.000Z');

      it('moves its start_at, and the first billing with it', () => {
        given(AUTHENTICATED)
          .when(update({ startAt: later }))
          .then([updated({ startAt: later })]);
        const state = liveOf([...AUTHENTICATED, updated({ startAt: later })]);
        expect(state).toMatchObject({ chargeAt: later, terms: { startAt: later } });
        expect(upcomingCycle(state, later)).toMatchObject({
          cycle: 1,
          start: later,
          end: at('2024-04-01T00:00:00.000Z'),
        });
        expectUpcomingAgrees([...AUTHENTICATED, updated({ startAt: later })], later);
      });

      it('accepts a start_at a millisecond ahead, refuses now', () => {
        given(AUTHENTICATED)
          .when(update({ startAt: NOW + 1 }))
          .then([updated({ startAt: NOW + 1 })]);
        given(AUTHENTICATED)
          .when(update({ startAt: NOW }))
          .thenThrows(invalid('start_at', 'The start_at must be in the future.'));
      });

      it('refuses a start_at change at the cycle end', () => {
        given(AUTHENTICATED)
          .when(update({ startAt: later }, 'cycle_end'))
          .thenThrows(invalid('start_at'));
      });

      it('refuses a start_at change once cycle 1 is billed', () => {
        given(DEFERRED_CYCLE_1)
          .when(update({ startAt: later }))
          .thenThrows(invalid('start_at'));
      });

      it('changes its plan now: cycle 1 is billed under the new plan', () => {
        const history = [...AUTHENTICATED, updated({ plan: WEEKLY })];
        given(AUTHENTICATED)
          .when(update({ plan: WEEKLY }))
          .then([updated({ plan: WEEKLY })]);
        given(history)
          .when(billCycle(inv(1), START))
          .then([
            cycleBilled(1, START, START + 7 * DAY, { anchor: { at: START, cyclesBefore: 0 } }),
          ]);
        expectUpcomingAgrees(history, START);
      });

      it('cannot schedule a change at a cycle end', () => {
        given(AUTHENTICATED)
          .when(update({ quantity: 2 }, 'cycle_end'))
          .thenThrows(invalid('schedule_change_at'));
      });
    });
  });

  describe('when active', () => {
    it('ignores a repeated authorization and refuses another', () => {
      given(ACTIVE).when(authorize()).thenNothingHappened();
      given(ACTIVE)
        .when(authorize(pay(9)))
        .thenThrows(illegal('The subscription is not awaiting authorization.'));
    });

    it('ignores authorization failures and expiry timers', () => {
      given(ACTIVE)
        .when(recordAuthorizationFailure(pay(9)))
        .thenNothingHappened();
      given([created(terms({ expireBy: EXPIRE_BY })), ...ACTIVE.slice(1)])
        .when(expire(EXPIRE_BY))
        .thenNothingHappened();
    });

    describe('billing', () => {
      it('bills cycle 2 when cycle 1 ends, from the same anchor', () => {
        given(ACTIVE)
          .when(billCycle(inv(2), FEB29))
          .then([cycleBilled(2, FEB29, MAR31)]);
        expect(liveOf(CYCLE_2_OPEN)).toMatchObject({
          status: 'active',
          billedCount: 2,
          paidCount: 1,
          currentStart: FEB29,
          currentEnd: MAR31,
          chargeAt: MAR31,
          openCycle: { invoiceId: inv(2), cycle: 2, failedAttempts: 0, failedPayments: [] },
        });
        expectUpcomingAgrees(ACTIVE, FEB29);
      });

      it('upcomingCycle: cycle 2 from Feb 29 to Mar 31', () => {
        expect(upcomingCycle(stateOf(ACTIVE), FEB29)).toEqual({
          cycle: 2,
          start: FEB29,
          end: MAR31,
          terms: terms(),
          chargeAutomatically: true,
        });
      });

      it('bills at the boundary even when the timer runs late (the event keeps the boundary)', () => {
        given(ACTIVE)
          .when(billCycle(inv(2), FEB29, FEB29 + 3 * MINUTE))
          .then([cycleBilled(2, FEB29, MAR31)]);
      });

      it.each([
        ['a millisecond early', FEB29 - 1],
        ['a millisecond late', FEB29 + 1],
        ['at the cycle’s start', NOW],
      ])('ignores a stale timer %s', (_, when) => {
        given(ACTIVE)
          .when(billCycle(inv(2), when))
          .thenNothingHappened();
        expect(upcomingCycle(stateOf(ACTIVE), when)).toBeNull();
      });

      it('ignores a repeated timer once the cycle is billed', () => {
        given(CYCLE_2_OPEN)
          .when(billCycle(inv(2), FEB29))
          .thenNothingHappened();
        given(CYCLE_2_OPEN).when(billCycle('inv_Another00000001', FEB29)).thenNothingHappened();
      });

      it('replaces an unpaid open cycle: the past cycle is not charged again', () => {
        given(CYCLE_2_OPEN)
          .when(billCycle(inv(3), MAR31))
          .then([cycleBilled(3, MAR31, APR30)]);
        const history = [...CYCLE_2_OPEN, cycleBilled(3, MAR31, APR30)];
        expect(liveOf(history).openCycle).toEqual({
          invoiceId: inv(3),
          cycle: 3,
          failedAttempts: 0,
          failedPayments: [],
          retries: 0,
        });
        given(history)
          .when(recordCharge(inv(2), pay(2), MAR31))
          .thenThrows(illegal("This invoice is not the subscription's open cycle."));
        given(history)
          .when(recordFailure(inv(2), pay(2), MAR31))
          .thenNothingHappened();
      });
    });

    describe('charges', () => {
      it('records the open cycle’s charge; the subscription stays active', () => {
        given(CYCLE_2_OPEN)
          .when(recordCharge(inv(2), pay(2), FEB29 + MINUTE))
          .then([charged(2, pay(2), FEB29 + MINUTE)]);
        expect(liveOf([...CYCLE_2_OPEN, charged(2, pay(2), FEB29 + MINUTE)])).toMatchObject({
          status: 'active',
          paidCount: 2,
          openCycle: null,
          chargedInvoices: [inv(1), inv(2)],
        });
      });

      it('ignores a repeated charge of a paid invoice', () => {
        given(ACTIVE)
          .when(recordCharge(inv(1), AUTH_PAYMENT, NOW))
          .thenNothingHappened();
        given([...CYCLE_2_OPEN, charged(2, pay(2), FEB29)])
          .when(recordCharge(inv(2), pay(3), FEB29))
          .thenNothingHappened();
      });

      it('refuses the charge of an invoice that is not the open cycle', () => {
        given(ACTIVE)
          .when(recordCharge(inv(2), pay(2), NOW))
          .thenThrows(illegal("This invoice is not the subscription's open cycle."));
        given(CYCLE_2_OPEN)
          .when(recordCharge(inv(3), pay(2), NOW))
          .thenThrows(illegal("This invoice is not the subscription's open cycle."));
      });
    });

    describe('cancelled', () => {
      it('now: ends at once', () => {
        given(CYCLE_2_OPEN)
          .when(cancel(false, FEB29 + DAY))
          .then([cancelled(FEB29 + DAY)]);
        expect(liveOf([...CYCLE_2_OPEN, cancelled(FEB29 + DAY)])).toMatchObject({
          status: 'cancelled',
          endedAt: FEB29 + DAY,
          chargeAt: null,
          openCycle: null,
        });
      });

      it('at the cycle end: scheduled for the current end, once', () => {
        given(ACTIVE)
          .when(cancel(true))
          .then([cancellationScheduled(FEB29)]);
        expect(liveOf([...ACTIVE, cancellationScheduled(FEB29)])).toMatchObject({
          status: 'active',
          cancelAtCycleEnd: true,
          chargeAt: FEB29,
        });
        given([...ACTIVE, cancellationScheduled(FEB29)])
          .when(cancel(true))
          .thenNothingHappened();
      });

      it('at the cycle end: the billing timer cancels instead of billing', () => {
        const history = [...ACTIVE, cancellationScheduled(FEB29)];
        given(history)
          .when(billCycle(inv(2), FEB29, FEB29 + MINUTE))
          .then([cancelled(FEB29)]);
        expect(liveOf([...history, cancelled(FEB29)])).toMatchObject({
          status: 'cancelled',
          endedAt: FEB29,
          chargeAt: null,
        });
        expectUpcomingAgrees(history, FEB29);
      });

      it('at the cycle end, then now after all', () => {
        given([...ACTIVE, cancellationScheduled(FEB29)])
          .when(cancel(false))
          .then([cancelled()]);
      });
    });

    describe('updated now', () => {
      it('changes the quantity', () => {
        given(ACTIVE)
          .when(update({ quantity: 3 }))
          .then([updated({ quantity: 3 })]);
        expect(liveOf([...ACTIVE, updated({ quantity: 3 })])).toMatchObject({
          terms: { quantity: 3 },
          chargeAt: FEB29,
        });
      });

      it('accepts a quantity of 1, refuses 0', () => {
        given(ACTIVE)
          .when(update({ quantity: 1 }))
          .then([updated({ quantity: 1 })]);
        given(ACTIVE)
          .when(update({ quantity: 0 }))
          .thenThrows(invalid('quantity', 'The quantity must be at least 1.'));
      });

      it('sets the remaining count: the total is the cycles billed plus it; refuses 0', () => {
        given(ACTIVE)
          .when(update({ remainingCount: 1 }))
          .then([updated({ remainingCount: 1 })]);
        const state = liveOf([...ACTIVE, updated({ remainingCount: 1 })]);
        expect(state.terms.totalCount).toBe(2);
        expect(remainingCount(state)).toBe(1);
        given(ACTIVE)
          .when(update({ remainingCount: 0 }))
          .thenThrows(invalid('remaining_count', 'The remaining_count must be at least 1.'));
      });

      it('sets the total count: more than the cycles billed, and not with a remaining count', () => {
        given(ACTIVE)
          .when(update({ totalCount: 2 }))
          .then([updated({ totalCount: 2 })]);
        const state = liveOf([...ACTIVE, updated({ totalCount: 2 })]);
        expect(state.terms.totalCount).toBe(2);
        expect(remainingCount(state)).toBe(1);
        given(ACTIVE)
          .when(update({ totalCount: 1 }))
          .thenThrows(
            invalid(
              'total_count',
              'The total_count must be more than the 1 cycles already billed.',
            ),
          );
        given(ACTIVE)
          .when(update({ totalCount: 3, remainingCount: 2 }))
          .thenThrows(invalid('total_count'));
      });

      it('refuses a plan in another currency', () => {
        given(ACTIVE)
          .when(update({ plan: DOLLARS }))
          .thenThrows(invalid('plan_id'));
      });

      it('refuses a start_at once active', () => {
        given(ACTIVE)
          .when(update({ startAt: NOW + DAY }))
          .thenThrows(invalid('start_at'));
      });

      it('records nothing for an empty change', () => {
        given(ACTIVE).when(update({})).thenNothingHappened();
        given(ACTIVE)
          .when(update({ quantity: undefined, plan: undefined }))
          .thenNothingHappened();
      });

      it('links or removes an offer', () => {
        given(ACTIVE)
          .when(update({ offerId: OFFER_ID }))
          .then([updated({ offerId: OFFER_ID })]);
        given([...ACTIVE, updated({ offerId: OFFER_ID })])
          .when(update({ offerId: null }))
          .then([updated({ offerId: null })]);
      });

      it('changes the plan: the current cycle runs on, the next is counted from its start under the new plan', () => {
        const history = [...ACTIVE, updated({ plan: SILVER })];
        given(ACTIVE)
          .when(update({ plan: SILVER }))
          .then([updated({ plan: SILVER })]);
        expect(liveOf(history)).toMatchObject({
          terms: { plan: SILVER },
          currentEnd: FEB29,
          chargeAt: FEB29,
        });
        // Counted from Feb 29 under the new plan: Mar 29 (the old anchor would give Mar 31).
        given(history)
          .when(billCycle(inv(2), FEB29))
          .then([
            cycleBilled(2, FEB29, at('2024-03-29T10:00:00.000Z'), {
              anchor: { at: FEB29, cyclesBefore: 1 },
            }),
          ]);
        expectUpcomingAgrees(history, FEB29);
      });
    });

    describe('updated at the cycle end', () => {
      const SCHEDULED = [...ACTIVE, changeScheduled({ plan: SILVER }, FEB29)];

      it('schedules the change for the current end', () => {
        given(ACTIVE)
          .when(update({ plan: SILVER }, 'cycle_end'))
          .then([changeScheduled({ plan: SILVER }, FEB29)]);
        expect(liveOf(SCHEDULED)).toMatchObject({
          terms: { plan: GOLD },
          scheduledChange: { plan: SILVER },
          changeScheduledAt: FEB29,
        });
      });

      it('replaces a change scheduled before', () => {
        given(SCHEDULED)
          .when(update({ quantity: 2 }, 'cycle_end'))
          .then([changeScheduled({ quantity: 2 }, FEB29)]);
        expect(
          liveOf([...SCHEDULED, changeScheduled({ quantity: 2 }, FEB29)]).scheduledChange,
        ).toEqual({ quantity: 2 });
      });

      it('validates as an update now does', () => {
        given(ACTIVE)
          .when(update({ quantity: 0 }, 'cycle_end'))
          .thenThrows(invalid('quantity'));
        given(ACTIVE)
          .when(update({ remainingCount: 0 }, 'cycle_end'))
          .thenThrows(invalid('remaining_count'));
        given(ACTIVE)
          .when(update({ plan: DOLLARS }, 'cycle_end'))
          .thenThrows(invalid('plan_id'));
      });

      it('applies a plan change as the next cycle starts, counting cycles from its start under the new plan', () => {
        const end = at('2024-03-29T10:00:00.000Z');
        given(SCHEDULED)
          .when(billCycle(inv(2), FEB29))
          .then([
            changeApplied({ plan: SILVER }, FEB29),
            cycleBilled(2, FEB29, end, { anchor: { at: FEB29, cyclesBefore: 1 } }),
          ]);
        const history = [
          ...SCHEDULED,
          changeApplied({ plan: SILVER }, FEB29),
          cycleBilled(2, FEB29, end, { anchor: { at: FEB29, cyclesBefore: 1 } }),
        ];
        expect(liveOf(history)).toMatchObject({
          terms: { plan: SILVER },
          scheduledChange: null,
          changeScheduledAt: null,
          currentStart: FEB29,
          currentEnd: end,
          chargeAt: end,
        });
        expectUpcomingAgrees(SCHEDULED, FEB29);
        // The cycle after is counted from the new anchor too.
        given([...history, charged(2, pay(2), FEB29)])
          .when(billCycle(inv(3), end))
          .then([
            cycleBilled(3, end, at('2024-04-29T10:00:00.000Z'), {
              anchor: { at: FEB29, cyclesBefore: 1 },
            }),
          ]);
        expectUpcomingAgrees([...history, charged(2, pay(2), FEB29)], end);
      });

      it('applies a change to a weekly plan', () => {
        const history = [...ACTIVE, changeScheduled({ plan: WEEKLY }, FEB29)];
        given(history)
          .when(billCycle(inv(2), FEB29))
          .then([
            changeApplied({ plan: WEEKLY }, FEB29),
            cycleBilled(2, FEB29, FEB29 + 7 * DAY, { anchor: { at: FEB29, cyclesBefore: 1 } }),
          ]);
        expect(upcomingCycle(stateOf(history), FEB29)).toEqual({
          cycle: 2,
          start: FEB29,
          end: FEB29 + 7 * DAY,
          terms: terms({ plan: WEEKLY }),
          chargeAutomatically: true,
        });
        expectUpcomingAgrees(history, FEB29);
      });

      it('keeps the anchor when the plan stays: a quantity change', () => {
        const history = [...ACTIVE, changeScheduled({ quantity: 4 }, FEB29)];
        given(history)
          .when(billCycle(inv(2), FEB29))
          .then([changeApplied({ quantity: 4 }, FEB29), cycleBilled(2, FEB29, MAR31)]);
        expectUpcomingAgrees(history, FEB29);
      });

      it('applies a remaining count: the total is the cycles billed before it plus the count', () => {
        const history = [...ACTIVE, changeScheduled({ remainingCount: 1 }, FEB29)];
        const decided = decideOn(history, billCycle(inv(2), FEB29));
        expect(decided).toEqual([
          changeApplied({ remainingCount: 1 }, FEB29),
          cycleBilled(2, FEB29, MAR31),
        ]);
        const state = liveOf([...history, ...decided]);
        expect(state.terms.totalCount).toBe(2);
        expect(remainingCount(state)).toBe(0);
        expectUpcomingAgrees(history, FEB29);
        // Its charge is the last.
        given([...history, ...decided])
          .when(recordCharge(inv(2), pay(2), FEB29))
          .then([charged(2, pay(2), FEB29), completed(FEB29)]);
      });

      it('cancels instead when a cancellation is scheduled too', () => {
        const history = [...SCHEDULED, cancellationScheduled(FEB29)];
        given(history)
          .when(billCycle(inv(2), FEB29))
          .then([cancelled(FEB29)]);
        expectUpcomingAgrees(history, FEB29);
      });

      it('cancels the scheduled changes, then has none to cancel', () => {
        given(SCHEDULED).when(cancelScheduledChanges()).then([scheduledChangesCancelled()]);
        const history = [...SCHEDULED, scheduledChangesCancelled()];
        expect(liveOf(history)).toMatchObject({ scheduledChange: null, changeScheduledAt: null });
        given(history)
          .when(cancelScheduledChanges())
          .thenThrows(illegal('The subscription has no scheduled changes.'));
        given(history)
          .when(billCycle(inv(2), FEB29))
          .then([cycleBilled(2, FEB29, MAR31)]);
        expectUpcomingAgrees(history, FEB29);
      });
    });

    describe('updated with customer_notify', () => {
      it('records the flag it turns off, with the change, and shows it at once', () => {
        given(ACTIVE)
          .when(updateNotifying(false, { quantity: 3 }))
          .then([customerNotifySet(false), updated({ quantity: 3 })]);
        expect(liveOf([...ACTIVE, customerNotifySet(false)]).terms.customerNotify).toBe(false);
      });

      it('records the flag at once even when the change waits for the cycle end', () => {
        given(ACTIVE)
          .when(updateNotifying(false, { quantity: 2 }, 'cycle_end'))
          .then([customerNotifySet(false), changeScheduled({ quantity: 2 }, FEB29)]);
      });

      it('records the flag sent alone', () => {
        given([...ACTIVE, customerNotifySet(false)])
          .when(updateNotifying(true))
          .then([customerNotifySet(true)]);
      });

      it('records only the change when the flag is already so', () => {
        given(ACTIVE)
          .when(updateNotifying(true, { quantity: 3 }))
          .then([updated({ quantity: 3 })]);
        given(ACTIVE).when(updateNotifying(true)).thenNothingHappened();
      });

      it('records no flag when the change is refused', () => {
        given(ACTIVE)
          .when(updateNotifying(false, { quantity: 0 }))
          .thenThrows(invalid('quantity'));
      });
    });

    describe('updated with notes', () => {
      const withNotes = (notes: Record<string, string>, change: SubscriptionChange = {}) =>
        command('UpdateSubscription', { change, scheduleChangeAt: 'cycle_end', notes });
      const notesSet = (notes: Record<string, string>) =>
        event('SubscriptionNotesSet', { notes, at: NOW });

      it('replaces them at once, even when the change waits for the cycle end', () => {
        given(ACTIVE)
          .when(withNotes({ tier: 'gold' }, { quantity: 2 }))
          .then([notesSet({ tier: 'gold' }), changeScheduled({ quantity: 2 }, FEB29)]);
        expect(liveOf([...ACTIVE, notesSet({ tier: 'gold' })]).terms.notes).toEqual({
          tier: 'gold',
        });
      });

      it('records nothing for the notes it has', () => {
        given([...ACTIVE, notesSet({ tier: 'gold' })])
          .when(withNotes({ tier: 'gold' }))
          .thenNothingHappened();
      });
    });

    it('has its offer removed', () => {
      const history = [created(terms({ offerId: OFFER_ID })), ...ACTIVE.slice(1)];
      given(history)
        .when(removeOffer(OFFER_ID))
        .then([offerRemoved(OFFER_ID)]);
      given(ACTIVE)
        .when(removeOffer(OFFER_ID))
        .thenThrows(invalid('offer_id', 'The offer is not linked to this subscription.'));
    });

    it('cannot be resumed', () => {
      given(ACTIVE)
        .when(resume())
        .thenThrows(illegal('Only a paused subscription can be resumed.'));
    });
  });

  describe('a 12-cycle monthly walk from Jan 31 (2024, a leap year)', () => {
    const ends = [
      '2024-02-29',
      '2024-03-31',
      '2024-04-30',
      '2024-05-31',
      '2024-06-30',
      '2024-07-31',
      '2024-08-31',
      '2024-09-30',
      '2024-10-31',
      '2024-11-30',
      '2024-12-31',
      '2025-01-31',
    ].map((day) => at(`${day}T10:00:00.000Z`));
    const startOf = (cycle: number): number => (cycle === 1 ? NOW : ends[cycle - 2]);

    it('bills and charges every cycle on its boundary, then completes at the 12th charge', () => {
      let history = play(CREATED, authorize());
      expect(liveOf(history)).toMatchObject({
        status: 'active',
        currentStart: NOW,
        currentEnd: ends[0],
        chargeAt: ends[0],
        billedCount: 1,
        paidCount: 1,
      });
      for (let cycle = 2; cycle <= 12; cycle++) {
        const start = startOf(cycle);
        expect(upcomingCycle(stateOf(history), start)).toEqual({
          cycle,
          start,
          end: ends[cycle - 1],
          terms: terms(),
          chargeAutomatically: true,
        });
        expectUpcomingAgrees(history, start, inv(cycle));
        history = play(history, billCycle(inv(cycle), start, start + MINUTE));
        expect(history.at(-1)).toEqual(cycleBilled(cycle, start, ends[cycle - 1]));
        history = play(history, recordCharge(inv(cycle), pay(cycle), start + 5 * MINUTE));
        const state = liveOf(history);
        expect({
          currentStart: state.currentStart,
          currentEnd: state.currentEnd,
          chargeAt: state.chargeAt,
          billedCount: state.billedCount,
          paidCount: state.paidCount,
          remaining: remainingCount(state),
        }).toEqual({
          currentStart: start,
          currentEnd: ends[cycle - 1],
          chargeAt: cycle === 12 ? null : ends[cycle - 1],
          billedCount: cycle,
          paidCount: cycle,
          remaining: 12 - cycle,
        });
        expect(state.status).toBe(cycle === 12 ? 'completed' : 'active');
      }
      const lastCharge = ends[10] + 5 * MINUTE;
      expect(history.slice(-2)).toEqual([charged(12, pay(12), lastCharge), completed(lastCharge)]);
      expect(liveOf(history)).toMatchObject({
        status: 'completed',
        endedAt: lastCharge,
        openCycle: null,
      });
      expect(liveOf(history).chargedInvoices).toHaveLength(12);
      // The last cycle's end bills nothing.
      expect(decideOn(history, billCycle(inv(13), ends[11]))).toEqual([]);
      expect(upcomingCycle(stateOf(history), ends[11])).toBeNull();
    });

    it('completes at the last cycle’s end when the last charge never came', () => {
      const history = play(
        CREATED,
        authorize(),
        ...Array.from({ length: 11 }, (_, index) => billCycle(inv(index + 2), startOf(index + 2))),
      );
      expect(liveOf(history)).toMatchObject({
        status: 'active',
        billedCount: 12,
        paidCount: 1,
        chargeAt: ends[11],
      });
      given(history)
        .when(billCycle(inv(13), ends[11], ends[11] + MINUTE))
        .then([completed(ends[11])]);
      expect(liveOf([...history, completed(ends[11])])).toMatchObject({
        status: 'completed',
        endedAt: ends[11],
        chargeAt: null,
        openCycle: null,
      });
      expectUpcomingAgrees(history, ends[11]);
    });
  });

  describe('charge failures and retries', () => {
    it('turns pending at the first failure, with a retry a day later', () => {
      given(CYCLE_2_OPEN)
        .when(recordFailure(inv(2), pay('f1'), FIRST_FAILURE))
        .then([
          chargeFailed(2, pay('f1'), 1, FIRST_FAILURE + DAY, FIRST_FAILURE),
          pending(FIRST_FAILURE),
        ]);
      expect(liveOf(PENDING)).toMatchObject({
        status: 'pending',
        openCycle: { invoiceId: inv(2), failedAttempts: 1, failedPayments: [pay('f1')] },
      });
    });

    it('ignores a repeated failure, and failures of other invoices', () => {
      given(PENDING)
        .when(recordFailure(inv(2), pay('f1'), FIRST_FAILURE))
        .thenNothingHappened();
      given(PENDING)
        .when(recordFailure(inv(1), pay('f9'), FIRST_FAILURE))
        .thenNothingHappened();
      given(PENDING)
        .when(recordFailure(inv(3), pay('f9'), FIRST_FAILURE))
        .thenNothingHappened();
    });

    it('retries the failed attempt once', () => {
      given(PENDING)
        .when(retry(inv(2), 1, FEB29 + DAY))
        .then([retried(2, 2, FEB29 + DAY)]);
      given([...PENDING, retried(2, 2, FEB29 + DAY)])
        .when(retry(inv(2), 1, FEB29 + DAY))
        .thenNothingHappened();
    });

    it('ignores stale retry timers: another attempt, another invoice', () => {
      given(PENDING)
        .when(retry(inv(2), 2, FEB29 + DAY))
        .thenNothingHappened();
      given(PENDING)
        .when(retry(inv(2), 0, FEB29 + DAY))
        .thenNothingHappened();
      given(PENDING)
        .when(retry(inv(3), 1, FEB29 + DAY))
        .thenNothingHappened();
      given(CYCLE_2_OPEN)
        .when(retry(inv(2), 0, FEB29 + DAY))
        .thenNothingHappened();
    });

    it('fails 4 times: pending after the first, retried 1, 3 and 6 days after it, halted after the fourth; then recovered by a charge', () => {
      const t1 = FEB29;
      let history = play(CYCLE_2_OPEN, recordFailure(inv(2), pay('f1'), t1));
      expect(history.slice(-2)).toEqual([chargeFailed(2, pay('f1'), 1, t1 + DAY, t1), pending(t1)]);
      const retryTimes: number[] = [];
      for (let attempt = 1; attempt <= 3; attempt++) {
        const retryAt = (
          history
            .filter((e) => e.type === 'SubscriptionChargeFailed')
            .at(-1) as EventOf<'SubscriptionChargeFailed'>
        ).data.retryAt;
        expect(retryAt).not.toBeNull();
        retryTimes.push(retryAt! - t1);
        history = play(history, retry(inv(2), attempt, retryAt!));
        expect(history.at(-1)).toEqual(retried(2, attempt + 1, retryAt!));
        history = play(history, recordFailure(inv(2), pay(`f${attempt + 1}`), retryAt!));
        expect(liveOf(history).status).toBe(attempt < 3 ? 'pending' : 'halted');
      }
      expect(retryTimes).toEqual([1 * DAY, 3 * DAY, 6 * DAY]);
      expect(history.slice(-2)).toEqual([
        chargeFailed(2, pay('f4'), 4, null, t1 + 6 * DAY),
        halted(t1 + 6 * DAY),
      ]);
      expect(liveOf(history)).toMatchObject({
        status: 'halted',
        openCycle: { invoiceId: inv(2), failedAttempts: 4 },
      });
      // Halted: no more retries.
      expect(decideOn(history, retry(inv(2), 4, t1 + 7 * DAY))).toEqual([]);
      // The customer pays the invoice: active again.
      const paidAt = t1 + 8 * DAY;
      history = play(history, recordCharge(inv(2), pay('ok'), paidAt));
      expect(history.slice(-2)).toEqual([charged(2, pay('ok'), paidAt), activated(paidAt)]);
      expect(liveOf(history)).toMatchObject({
        status: 'active',
        paidCount: 2,
        openCycle: null,
        chargeAt: MAR31,
      });
    });

    it('the retry schedule ends before the shortest cycle (7 days)', () => {
      expect(CHARGE_RETRY_DELAYS_MS.reduce((sum, delay) => sum + delay, 0)).toBeLessThan(7 * DAY);
    });

    it('turns pending after the third failure still; halts after the fourth', () => {
      const third = HALTED.slice(0, -4);
      expect(liveOf(third)).toMatchObject({
        status: 'pending',
        openCycle: { failedAttempts: 2, retries: 2 },
      });
      given(third)
        .when(recordFailure(inv(2), pay('f3'), FEB29 + 3 * DAY))
        .then([chargeFailed(2, pay('f3'), 3, FEB29 + 6 * DAY, FEB29 + 3 * DAY)]);
      given(HALTED.slice(0, -2))
        .when(recordFailure(inv(2), pay('f4'), HALT_AT))
        .then([chargeFailed(2, pay('f4'), 4, null, HALT_AT), halted(HALT_AT)]);
    });

    it('recovers from pending with a charge', () => {
      given(PENDING)
        .when(recordCharge(inv(2), pay(2), FEB29 + DAY))
        .then([charged(2, pay(2), FEB29 + DAY), activated(FEB29 + DAY)]);
    });

    describe('when pending', () => {
      it('still bills the next cycle, charged automatically; the unpaid cycle is dropped and its retry timer is stale', () => {
        given(PENDING)
          .when(billCycle(inv(3), MAR31))
          .then([cycleBilled(3, MAR31, APR30)]);
        const history = [...PENDING, cycleBilled(3, MAR31, APR30)];
        expect(liveOf(history)).toMatchObject({
          status: 'pending',
          openCycle: { invoiceId: inv(3), failedAttempts: 0 },
        });
        expectUpcomingAgrees(PENDING, MAR31);
        given(history)
          .when(retry(inv(2), 1, MAR31))
          .thenNothingHappened();
        // A failure of the new cycle: already pending, so only the failure.
        given(history)
          .when(recordFailure(inv(3), pay('g1'), MAR31))
          .then([chargeFailed(3, pay('g1'), 1, MAR31 + DAY, MAR31)]);
      });

      it('completes at the end of the last cycle, unpaid', () => {
        const last = [created(terms({ totalCount: 2 })), ...PENDING.slice(1)];
        given(last)
          .when(billCycle(inv(3), MAR31))
          .then([completed(MAR31)]);
        expectUpcomingAgrees(last, MAR31);
      });

      it('cannot be paused, updated or cancelled at the cycle end; is cancelled now', () => {
        given(PENDING)
          .when(pause())
          .thenThrows(illegal('Only an active subscription can be paused.'));
        given(PENDING)
          .when(update({ quantity: 2 }))
          .thenThrows(illegal('Only an authenticated or active subscription can be updated.'));
        given(PENDING)
          .when(cancel(true))
          .thenThrows(
            illegal('Only an active subscription can be cancelled at the end of its cycle.'),
          );
        given(PENDING).when(cancel(false)).then([cancelled()]);
      });
    });

    describe('when halted', () => {
      it('records a further failure without a retry', () => {
        given(HALTED)
          .when(recordFailure(inv(2), pay('f5'), HALT_AT + DAY))
          .then([chargeFailed(2, pay('f5'), 5, null, HALT_AT + DAY)]);
      });

      it('bills the next cycle for the customer to pay (no automatic charge)', () => {
        given(HALTED)
          .when(billCycle(inv(3), MAR31))
          .then([cycleBilled(3, MAR31, APR30, { chargeAutomatically: false })]);
        expect(upcomingCycle(stateOf(HALTED), MAR31)).toEqual({
          cycle: 3,
          start: MAR31,
          end: APR30,
          terms: terms(),
          chargeAutomatically: false,
        });
        expectUpcomingAgrees(HALTED, MAR31);
        const history = [...HALTED, cycleBilled(3, MAR31, APR30, { chargeAutomatically: false })];
        given(history)
          .when(recordCharge(inv(2), pay('late'), MAR31))
          .thenThrows(illegal("This invoice is not the subscription's open cycle."));
        given(history)
          .when(recordCharge(inv(3), pay(3), MAR31 + DAY))
          .then([charged(3, pay(3), MAR31 + DAY), activated(MAR31 + DAY)]);
        given(history)
          .when(recordFailure(inv(3), pay('h1'), MAR31 + DAY))
          .then([chargeFailed(3, pay('h1'), 1, null, MAR31 + DAY)]);
      });

      it('cannot be paused or updated; is cancelled now', () => {
        given(HALTED)
          .when(pause())
          .thenThrows(illegal('Only an active subscription can be paused.'));
        given(HALTED)
          .when(update({ quantity: 2 }, 'cycle_end'))
          .thenThrows(illegal('Only an authenticated or active subscription can be updated.'));
        given(HALTED)
          .when(cancel(false, HALT_AT))
          .then([cancelled(HALT_AT)]);
      });
    });
  });

  describe('pause and resume', () => {
    it('pauses an active subscription: no billing while paused', () => {
      given(ACTIVE)
        .when(pause(PAUSE_AT))
        .then([paused(PAUSE_AT)]);
      expect(liveOf(PAUSED)).toMatchObject({
        status: 'paused',
        pausedAt: PAUSE_AT,
        chargeAt: null,
        currentEnd: FEB29,
      });
      given(PAUSED)
        .when(billCycle(inv(2), FEB29))
        .thenNothingHappened();
      expect(upcomingCycle(stateOf(PAUSED), FEB29)).toBeNull();
    });

    it('cannot pause twice', () => {
      given(PAUSED).when(pause()).thenThrows(illegal('Only an active subscription can be paused.'));
    });

    it('resumed before the current end: the next cycle is billed at that end, from the same anchor', () => {
      const resumeAt = at('2024-02-20T00:00:00.000Z');
      given(PAUSED)
        .when(resume(resumeAt))
        .then([resumed(FEB29, resumeAt)]);
      const history = [...PAUSED, resumed(FEB29, resumeAt)];
      expect(liveOf(history)).toMatchObject({ status: 'active', pausedAt: null, chargeAt: FEB29 });
      given(history)
        .when(billCycle(inv(2), FEB29))
        .then([cycleBilled(2, FEB29, MAR31)]);
      expectUpcomingAgrees(history, FEB29);
    });

    it('resumed a millisecond before the current end: still at that end', () => {
      given(PAUSED)
        .when(resume(FEB29 - 1))
        .then([resumed(FEB29, FEB29 - 1)]);
    });

    it('resumed after the current end: a new cycle is billed at once and counted from then', () => {
      const resumeAt = at('2024-03-10T12:00:00.000Z');
      given(PAUSED)
        .when(resume(resumeAt))
        .then([resumed(resumeAt, resumeAt)]);
      const history = [...PAUSED, resumed(resumeAt, resumeAt)];
      expect(liveOf(history)).toMatchObject({ status: 'active', chargeAt: resumeAt });
      const cycle2End = at('2024-04-10T12:00:00.000Z');
      const anchor = { at: resumeAt, cyclesBefore: 1 };
      given(history)
        .when(billCycle(inv(2), resumeAt))
        .then([cycleBilled(2, resumeAt, cycle2End, { anchor })]);
      expect(upcomingCycle(stateOf(history), resumeAt)).toEqual({
        cycle: 2,
        start: resumeAt,
        end: cycle2End,
        terms: terms(),
        chargeAutomatically: true,
      });
      expectUpcomingAgrees(history, resumeAt);
      // The anchor holds for the cycles after.
      const next = [
        ...history,
        cycleBilled(2, resumeAt, cycle2End, { anchor }),
        charged(2, pay(2), resumeAt),
      ];
      given(next)
        .when(billCycle(inv(3), cycle2End))
        .then([cycleBilled(3, cycle2End, at('2024-05-10T12:00:00.000Z'), { anchor })]);
      expectUpcomingAgrees(next, cycle2End);
    });

    it('resumed exactly at the current end: billed then', () => {
      given(PAUSED)
        .when(resume(FEB29))
        .then([resumed(FEB29, FEB29)]);
      const history = [...PAUSED, resumed(FEB29, FEB29)];
      given(history)
        .when(billCycle(inv(2), FEB29))
        .then([cycleBilled(2, FEB29, MAR31)]);
      expectUpcomingAgrees(history, FEB29);
    });

    it('still records the charge of a cycle billed before the pause, staying paused', () => {
      const history = [...CYCLE_2_OPEN, paused(FEB29 + MINUTE)];
      given(history)
        .when(recordCharge(inv(2), pay(2), FEB29 + 2 * MINUTE))
        .then([charged(2, pay(2), FEB29 + 2 * MINUTE)]);
      expect(liveOf([...history, charged(2, pay(2), FEB29 + 2 * MINUTE)]).status).toBe('paused');
      // A failure records no pending status and its retry timer finds nothing to do.
      given(history)
        .when(recordFailure(inv(2), pay('f1'), FEB29 + 2 * MINUTE))
        .then([chargeFailed(2, pay('f1'), 1, FEB29 + 2 * MINUTE + DAY, FEB29 + 2 * MINUTE)]);
      const failed = [
        ...history,
        chargeFailed(2, pay('f1'), 1, FEB29 + 2 * MINUTE + DAY, FEB29 + 2 * MINUTE),
      ];
      given(failed)
        .when(retry(inv(2), 1, FEB29 + DAY))
        .thenNothingHappened();
    });

    it('completes a paused subscription whose last cycle is charged', () => {
      const history = [
        created(terms({ totalCount: 2 })),
        ...CYCLE_2_OPEN.slice(1),
        paused(FEB29 + MINUTE),
      ];
      given(history)
        .when(recordCharge(inv(2), pay(2), FEB29 + DAY))
        .then([charged(2, pay(2), FEB29 + DAY), completed(FEB29 + DAY)]);
    });

    it('paused: cancelled now, not at the cycle end; not updated', () => {
      given(PAUSED).when(cancel(false)).then([cancelled()]);
      given(PAUSED)
        .when(cancel(true))
        .thenThrows(
          illegal('Only an active subscription can be cancelled at the end of its cycle.'),
        );
      given(PAUSED)
        .when(update({ quantity: 2 }))
        .thenThrows(illegal('Only an authenticated or active subscription can be updated.'));
    });
  });

  describe.each([
    ['cancelled', [...CYCLE_2_OPEN, cancelled(FEB29 + DAY)]],
    [
      'completed',
      [
        created(terms({ totalCount: 1 })),
        authenticated(),
        cycleBilled(1, NOW, FEB29, { at: NOW }),
        activated(NOW),
        charged(1, AUTH_PAYMENT, NOW),
        completed(NOW),
      ],
    ],
    ['expired', [created(terms({ expireBy: EXPIRE_BY })), expired(EXPIRE_BY)]],
  ])('when %s (final)', (status, history) => {
    it('cannot be cancelled again, either way', () => {
      given(history)
        .when(cancel(false))
        .thenThrows(illegal(`The subscription is already ${status}.`));
      given(history)
        .when(cancel(true))
        .thenThrows(illegal(`The subscription is already ${status}.`));
    });

    it('cannot be paused, resumed or updated', () => {
      given(history).when(pause()).thenThrows(IllegalTransition);
      given(history).when(resume()).thenThrows(IllegalTransition);
      given(history)
        .when(update({ quantity: 2 }))
        .thenThrows(IllegalTransition);
    });

    it('refuses a charge of an unpaid invoice and ignores failures, retries, billing and expiry', () => {
      given(history)
        .when(recordCharge(inv(2), pay(2), FEB29))
        .thenThrows(illegal(`The subscription is already ${status}.`));
      given(history)
        .when(recordFailure(inv(2), pay(2), FEB29))
        .thenNothingHappened();
      given(history)
        .when(retry(inv(2), 1, FEB29))
        .thenNothingHappened();
      given(history)
        .when(billCycle(inv(3), MAR31))
        .thenNothingHappened();
      given(history)
        .when(billCycle(inv(2), FEB29))
        .thenNothingHappened();
      given(history).when(expire(EXPIRE_BY)).thenNothingHappened();
      expect(upcomingCycle(stateOf(history), FEB29)).toBeNull();
      expect(liveOf(history).chargeAt).toBeNull();
    });

    it('rejects an authorization payment that arrives now, once it is final (payments refunds it)', () => {
      const reason =
        `subscription_${status}` as EventOf<'SubscriptionPaymentRejected'>['data']['reason'];
      given(history)
        .when(authorize(pay(9), ORDER_ID, FEB29))
        .then([event('SubscriptionPaymentRejected', { paymentId: pay(9), reason, at: FEB29 })]);
      expect(
        liveOf([
          ...history,
          event('SubscriptionPaymentRejected', { paymentId: pay(9), reason, at: FEB29 }),
        ]),
      ).toEqual(liveOf(history));
    });
  });
});
