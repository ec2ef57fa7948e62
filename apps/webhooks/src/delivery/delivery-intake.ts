import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { eventTypesOnTopic, Topics, WEBHOOK_PAYLOAD_ENTITIES } from '@platform/contracts';
import type { IntegrationEvent } from '@platform/contracts';
import { idFor } from '@platform/domain-kit';
import { sql } from '@platform/event-store';
import type { ReadScope, SqlRunner } from '@platform/event-store';
import { EventBatch, inbox } from '@platform/messaging';
import {
  activeWebhooksOf,
  tenantsWithWebhooks,
} from '../webhook/webhook-details/webhook-details.query';
import type { Subscriber } from '../webhook/webhook-details/webhook-details.query';
import { enqueueDeliveries } from './deliveries';
import type { NewDelivery } from './deliveries';
import { EntityLookup } from './entity-lookup';
import { recordSnapshots } from './entity-snapshots/entity-snapshots';
import type { EntitySnapshot } from './entity-snapshots/entity-snapshots';
import { webhookBody, webhookEventOf } from './webhook-payload';
import type { WebhookEventPlan } from './webhook-payload';

export const DELIVERIES_CONSUMER = 'webhooks.deliveries';

/** Every entity an event carries under its own name (`data.payment`, `data.invoice`, …). */
function snapshotsOf(event: IntegrationEvent): EntitySnapshot[] {
  const data = event.data as Record<string, unknown>;
  return WEBHOOK_PAYLOAD_ENTITIES.flatMap((kind) => {
    const entity = data[kind] as Record<string, unknown> | null | undefined;
    if (typeof entity !== 'object' || entity === null || typeof entity['id'] !== 'string')
      return [];
    return [
      {
        id: entity['id'],
        accountId: event.account_id,
        mode: event.mode,
        kind,
        entity,
        seenAt: event.occurred_at * 1000,
      },
    ];
  });
}

/**
 * The intake's transactions take turns, across replicas. Concurrent ones keep the same entities (a
 * payment's events and its order's both carry the payment and the order, on two topics, in chunks
 * of different partitions, a transaction of two chunks writing them in two statements), and two
 * that lock them in opposite orders deadlock: PostgreSQL finds that only after its deadlock_timeout
 * (1 s), so the deliveries of both waited a second (p99 of capture → webhook about 1 s above
 * p95 at 100 captures/s). Taken in turns, the later waits for the earlier's commit (milliseconds).
 * Taken after the chunk's inbox rows: those are the chunk's own events, which no other chunk holds.
 */
const INTAKE_TURN = sql(
  'delivery-intake.turn',
  `SELECT pg_advisory_xact_lock(hashtext('webhooks.delivery-intake'))`,
);

/** The domain topics with webhook events; every event of them is taken in (its entities are kept). */
const INTAKE_TOPICS = [
  Topics.paymentsOrder,
  Topics.paymentsPayment,
  Topics.paymentsRefund,
  Topics.paymentsDispute,
  Topics.paymentsQrCode,
  Topics.paymentsPaymentLink,
  Topics.billingInvoice,
  Topics.billingSubscription,
  Topics.settlementsSettlement,
];

/** What makes an event unusable for its webhook: it does not carry the entities the payload names. */
function deliveryProblem(event: IntegrationEvent): string | null {
  const plan = webhookEventOf(event);
  return plan && plan.contains.some((ref) => typeof ref.id !== 'string' || ref.id === '')
    ? `${event.type} does not carry the entities its webhook needs`
    : null;
}

/**
 * The events of accounts (and modes) with an active webhook: the others can have no delivery, so
 * they are passed by before any transaction (no snapshot kept), their inbox rows written in one
 * statement for the chunk (`rememberSkips`): a webhook made later finds them seen, and neither the
 * catch-up nor a redelivery hands it events from before it existed. Read from the webhooks
 * themselves, never a cache: the read starts after the event arrived, so it sees every webhook
 * committed before the event was, even a millisecond before. An account's webhook of any event keeps
 * all of its events coming, since their entities are kept for the payloads of later events (a
 * refund's payment); for an account with no webhook the owner answers for them, should one be made.
 */
export async function eventsOfAccountsWithWebhooks(
  db: SqlRunner,
  events: readonly IntegrationEvent[],
): Promise<IntegrationEvent[]> {
  const subscribed = await tenantsWithWebhooks(db, tenantsOf(events));
  return events.filter((event) => subscribed.has(`${event.account_id}|${event.mode}`));
}

/**
 * The domain topics → deliveries. In the inbox's transaction, for a chunk of events: the entities they
 * carry are kept (for payloads that name one an event does not carry), then each webhook event gets
 * a delivery per active webhook of its account and mode that subscribed to it, its body built now
 * (the entities as they were at the event). So a crash never loses a delivery, and a redelivered
 * event adds none. Sending is the dispatcher's work, never this consumer's.
 */
@Controller()
export class DeliveryIntake {
  constructor(private readonly lookup: EntityLookup) {}

  /** One inbox for every topic: event ids are unique across them. */
  @EventPattern(
    INTAKE_TOPICS.flatMap(eventTypesOnTopic),
    inbox(DELIVERIES_CONSUMER, {
      problem: deliveryProblem,
      relevant: eventsOfAccountsWithWebhooks,
      rememberSkips: true,
    }),
  )
  async takeIn(
    @Payload() events: readonly IntegrationEvent[],
    @Ctx() batch: EventBatch,
  ): Promise<void> {
    const tx = batch.tx;
    await tx.query(INTAKE_TURN);
    await recordSnapshots(tx, events.flatMap(snapshotsOf));
    const planned = events.flatMap((event) => {
      const plan = webhookEventOf(event);
      return plan ? [{ event, plan }] : [];
    });
    if (planned.length === 0) return;
    const subscribers = await activeWebhooksOf(tx, tenantsOf(planned.map(({ event }) => event)));
    const deliveries: NewDelivery[] = [];
    for (const { event, plan } of planned) {
      const targets = subscribers.filter(
        (webhook) =>
          webhook.accountId === event.account_id &&
          webhook.mode === event.mode &&
          webhook.events.includes(plan.name),
      );
      if (targets.length > 0)
        deliveries.push(...(await this.deliveriesOf(tx, event, plan, targets)));
    }
    await enqueueDeliveries(tx, deliveries);
  }

  private async deliveriesOf(
    tx: SqlRunner,
    event: IntegrationEvent,
    plan: WebhookEventPlan,
    targets: readonly Subscriber[],
  ): Promise<NewDelivery[]> {
    const scope: ReadScope = { accountId: event.account_id, mode: event.mode };
    const body = JSON.stringify(
      webhookBody(
        event.account_id,
        plan.name,
        await this.lookup.resolve(tx, scope, plan.contains),
        event.occurred_at,
      ),
    );
    // One event id per event, the same for every webhook and every retry (X-Razorpay-Event-Id).
    const eventId = idFor('evt', event.id);
    return targets.map((webhook) => ({
      id: idFor('whd', `${webhook.id}:${eventId}`),
      webhookId: webhook.id,
      ...scope,
      eventId,
      event: plan.name,
      body,
      // The secret of the moment: retries of this event keep it, even after the secret changes.
      sealedSecret: webhook.sealedSecret,
      eventAt: event.occurred_at * 1000,
    }));
  }
}

function tenantsOf(events: readonly IntegrationEvent[]): ReadScope[] {
  return [
    ...new Map(
      events.map((event) => [
        `${event.account_id}|${event.mode}`,
        { accountId: event.account_id, mode: event.mode },
      ]),
    ).values(),
  ];
}
