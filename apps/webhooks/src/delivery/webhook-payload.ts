import type { IntegrationEvent, WebhookEventName, WebhookPayloadEntity } from '@platform/contracts';

/** The entities a webhook payload can carry, by Razorpay's names for them. */
export type EntityKind = WebhookPayloadEntity;

/** An entity a payload carries: the one the event itself carries, or only its id, to be looked up. */
export interface EntityRef {
  kind: EntityKind;
  id: string;
  entity: Record<string, unknown> | null;
}

/** What a platform event becomes for webhooks: Razorpay's event name and what it `contains`, in order. */
export interface WebhookEventPlan {
  name: WebhookEventName;
  contains: EntityRef[];
}

type Data = Record<string, unknown>;
type Entity = Record<string, unknown> & { id: string };

const carried = (kind: EntityKind, entity: unknown): EntityRef => ({
  kind,
  id: (entity as Entity).id,
  entity: entity as Entity,
});
const byId = (kind: EntityKind, id: unknown): EntityRef[] =>
  typeof id === 'string' && id !== '' ? [{ kind, id, entity: null }] : [];

const DISPUTES: Record<string, WebhookEventName> = {
  'dispute.created': 'payment.dispute.created',
  'dispute.under_review': 'payment.dispute.under_review',
  'dispute.won': 'payment.dispute.won',
  'dispute.lost': 'payment.dispute.lost',
  'dispute.closed': 'payment.dispute.closed',
};
const SUBSCRIPTIONS = new Set(
  [
    'authenticated',
    'activated',
    'charged',
    'pending',
    'halted',
    'paused',
    'resumed',
    'updated',
    'cancelled',
    'completed',
  ].map((name) => `subscription.${name}`),
);

/**
 * Which webhook event a platform event is, and what its payload contains, as Razorpay lists them:
 * `order.paid` the payment and the order; refunds the refund and its payment; disputes the payment and
 * the dispute; `qr_code.credited` the payment and the code; paid invoices the payment, the order and
 * the invoice; `subscription.charged` and `.completed` the subscription and the payment; paid and
 * partly paid payment links the link, its order and the payment, cancelled and expired ones the link.
 * Null: not a webhook event (`customer.*`, `invoice.issued`, a settlement message's later parts, …).
 */
export function webhookEventOf(event: IntegrationEvent): WebhookEventPlan | null {
  const data = event.data as Data;
  switch (event.type) {
    case 'order.paid':
      return {
        name: 'order.paid',
        contains: [carried('payment', data['payment']), carried('order', data['order'])],
      };
    case 'payment.authorized':
    case 'payment.captured':
    case 'payment.failed':
      return { name: event.type, contains: [carried('payment', data['payment'])] };
    case 'refund.created':
    case 'refund.processed': {
      const refund = data['refund'] as Entity;
      return {
        name: event.type,
        contains: [
          carried('refund', refund),
          data['payment']
            ? carried('payment', data['payment'])
            : byId('payment', refund['payment_id'])[0],
        ],
      };
    }
    case 'qr_code.created':
    case 'qr_code.closed':
      return { name: event.type, contains: [carried('qr_code', data['qr_code'])] };
    case 'qr_code.credited':
      return {
        name: event.type,
        contains: [carried('payment', data['payment']), carried('qr_code', data['qr_code'])],
      };
    case 'invoice.partially_paid':
    case 'invoice.paid': {
      const invoice = data['invoice'] as Entity;
      return {
        name: event.type,
        contains: [
          ...byId('payment', invoice['payment_id']),
          ...byId('order', invoice['order_id']),
          carried('invoice', invoice),
        ],
      };
    }
    case 'invoice.expired':
      return { name: event.type, contains: [carried('invoice', data['invoice'])] };
    case 'payment_link.paid':
    case 'payment_link.partially_paid':
      return {
        name: event.type,
        contains: [
          carried('payment_link', data['payment_link']),
          carried('order', data['order']),
          carried('payment', data['payment']),
        ],
      };
    case 'payment_link.cancelled':
    case 'payment_link.expired':
      return { name: event.type, contains: [carried('payment_link', data['payment_link'])] };
    case 'settlement.processed':
      // A large settlement comes in parts; its webhook is sent once, for the first.
      return data['part'] === 1
        ? { name: event.type, contains: [carried('settlement', data['settlement'])] }
        : null;
    default:
      return disputeOrSubscription(event.type, data);
  }
}

function disputeOrSubscription(type: string, data: Data): WebhookEventPlan | null {
  if (DISPUTES[type]) {
    const dispute = data['dispute'] as Entity;
    return {
      name: DISPUTES[type],
      contains: [...byId('payment', dispute['payment_id']), carried('dispute', dispute)],
    };
  }
  if (SUBSCRIPTIONS.has(type)) {
    const withPayment = type === 'subscription.charged' || type === 'subscription.completed';
    return {
      name: type as WebhookEventName,
      contains: [
        carried('subscription', data['subscription']),
        ...(withPayment ? byId('payment', data['payment_id']) : []),
      ],
    };
  }
  return null;
}

/** The body integrators receive: Razorpay's envelope, each entity as the API shows it. */
export interface WebhookBody {
  entity: 'event';
  account_id: string;
  event: WebhookEventName;
  contains: EntityKind[];
  payload: Partial<Record<EntityKind, { entity: Record<string, unknown> }>>;
  created_at: number;
}

export function webhookBody(
  accountId: string,
  name: WebhookEventName,
  entities: readonly { kind: EntityKind; entity: Record<string, unknown> }[],
  createdAt: number,
): WebhookBody {
  return {
    entity: 'event',
    account_id: accountId,
    event: name,
    contains: entities.map((e) => e.kind),
    payload: Object.fromEntries(entities.map((e) => [e.kind, { entity: e.entity }])),
    created_at: createdAt,
  };
}
