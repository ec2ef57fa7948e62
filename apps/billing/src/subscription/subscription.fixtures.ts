import type {
  Authorization,
  SubscriptionEvent,
  SubscriptionPlan,
  SubscriptionTerms,
} from './subscription.events';

/** Builders of a subscription's stored events, with overridable defaults (STYLE.md §3). */

export const DAY_MS = 86_400_000;

export const GOLD_PLAN: SubscriptionPlan = {
  planId: 'plan_Gold000000001',
  amount: 49_900,
  currency: 'INR',
  period: 'monthly',
  interval: 1,
};

export const subscriptionTerms = (
  overrides: Partial<SubscriptionTerms> = {},
): SubscriptionTerms => ({
  plan: GOLD_PLAN,
  quantity: 1,
  totalCount: 12,
  startAt: null,
  expireBy: null,
  customerNotify: true,
  notifyInfo: null,
  offerId: null,
  notes: {},
  ...overrides,
});

/** The order that authorizes a subscription: one per subscription (a unique key of the read model). */
export const authorizationOrderOf = (subscriptionId: string): string =>
  `order_${subscriptionId.slice('sub_'.length)}`;

/** Without start_at: the authorization payment charges cycle 1, billed under `invoiceId`. */
export const subscriptionCreated = ({
  subscriptionId,
  invoiceId = null,
  createdAt,
  terms = subscriptionTerms(),
}: {
  subscriptionId: string;
  invoiceId?: string | null;
  createdAt: number;
  terms?: SubscriptionTerms;
}): SubscriptionEvent => {
  const authorization: Authorization = {
    orderId: authorizationOrderOf(subscriptionId),
    amount: invoiceId === null ? 100 : terms.plan.amount * terms.quantity,
    invoiceId,
  };
  return {
    type: 'SubscriptionCreated',
    data: { subscriptionId, terms, authorization, createdAt },
  };
};

/**
 * Authorized at `at` by the payment that charged cycle 1 (`at` to `end`): the events a subscription
 * without start_at records when its authorization payment is captured.
 */
export const subscriptionStarted = ({
  invoiceId,
  at,
  end,
  paymentId = 'pay_AuthPayment0001',
}: {
  invoiceId: string;
  at: number;
  end: number;
  paymentId?: string;
}): SubscriptionEvent[] => [
  {
    type: 'SubscriptionAuthenticated',
    data: { paymentId, customerId: null, method: 'card', at },
  },
  {
    type: 'SubscriptionCycleBilled',
    data: {
      invoiceId,
      cycle: 1,
      start: at,
      end,
      chargeAutomatically: true,
      anchor: { at, cyclesBefore: 0 },
      at,
    },
  },
  { type: 'SubscriptionActivated', data: { at } },
  { type: 'SubscriptionCharged', data: { invoiceId, paymentId, cycle: 1, at } },
];

export const subscriptionPaused = (at: number): SubscriptionEvent => ({
  type: 'SubscriptionPaused',
  data: { at },
});
