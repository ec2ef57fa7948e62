import type { IntegrationEvent } from '@platform/contracts';
import type { SqlRunner } from '@platform/event-store';
import type { EventHandler } from './event-handler';
import { rememberSkipped } from './inbox';

/**
 * Which of a handler's events can have an effect: asked before any transaction, so an event the
 * handler has no use for is acknowledged without a transaction and without an inbox row. It returns
 * the events to apply (a subset, any order); the others are skipped.
 *
 * The rule every relevance keeps: an event is left out only when the handler, applying it now,
 * would certainly do nothing. A test of the event's own fields is always safe. One that reads the
 * database (`db`: the service's pool, no transaction) must read what the handler itself would read,
 * committed before the event was received: a statement that starts after the event arrived sees
 * everything committed before the event was, so whatever a handler needs that came first is seen.
 * No cache answers "irrelevant": a stale one would drop an event a fact committed a moment before it
 * made relevant. When the test fails (PostgreSQL away), every event is applied the ordinary way.
 *
 * A relevance must also be stable (an event left out now would be left out whenever it is asked
 * again), since a skipped event has no inbox row and the catch-up or a redelivery asks again. A test
 * of the event's own fields is; one that reads state that can change later (webhooks: "this account
 * has no webhook") is not: its handler says `rememberSkips`, and the events it leaves out get their
 * inbox rows, one statement per chunk, so they count as seen from then on.
 */
export type Relevance<E extends IntegrationEvent = IntegrationEvent> = (
  db: SqlRunner,
  events: readonly E[],
) => readonly E[] | Promise<readonly E[]>;

/** A relevance that tests each event's own fields (no database). */
export function relevantWhen<E extends IntegrationEvent>(
  test: (event: E) => boolean,
): Relevance<E> {
  return (_db, events) => events.filter(test);
}

interface Delivery {
  handler: EventHandler;
  event: IntegrationEvent;
}

/**
 * The deliveries whose handler may act on their event, in their order: each handler with a
 * relevance is asked once for all of its events. A relevance that throws keeps all of its events.
 * The events left out by handlers that `rememberSkips` are recorded in their inboxes, in one
 * statement for all of them (no transaction); if that fails, those events are kept, to be applied
 * the ordinary way (their inbox rows then written with the effect's transaction).
 */
export async function keepRelevant<D extends Delivery>(
  db: SqlRunner,
  deliveries: readonly D[],
): Promise<readonly D[]> {
  const byHandler = new Map<EventHandler, IntegrationEvent[]>();
  for (const { handler, event } of deliveries) {
    if (!handler.relevant) continue;
    const events = byHandler.get(handler);
    if (events) events.push(event);
    else byHandler.set(handler, [event]);
  }
  if (byHandler.size === 0) return deliveries;
  const kept = new Map<EventHandler, ReadonlySet<IntegrationEvent>>();
  await Promise.all(
    [...byHandler].map(async ([handler, events]) => {
      try {
        kept.set(handler, new Set(await handler.relevant?.(db, events)));
      } catch {
        kept.set(handler, new Set(events));
      }
    }),
  );
  const isKept = ({ handler, event }: Delivery) =>
    !handler.relevant || (kept.get(handler)?.has(event) ?? true);
  const remembered = deliveries.filter((delivery) => !isKept(delivery) && remembers(delivery));
  if (remembered.length > 0 && !(await rememberedInInbox(db, remembered)))
    return deliveries.filter((delivery) => isKept(delivery) || remembers(delivery));
  return deliveries.filter(isKept);
}

const remembers = ({ handler, event }: Delivery): boolean =>
  handler.rememberSkips?.(event) ?? false;

/** Records these skipped deliveries in their handlers' inboxes; false if that failed. */
async function rememberedInInbox(db: SqlRunner, skipped: readonly Delivery[]): Promise<boolean> {
  const pairs = new Map<string, { consumer: string; eventId: string }>();
  for (const { handler, event } of skipped)
    pairs.set(`${handler.consumer}|${event.id}`, { consumer: handler.consumer, eventId: event.id });
  try {
    await rememberSkipped(db, [...pairs.values()]);
    return true;
  } catch {
    return false;
  }
}
