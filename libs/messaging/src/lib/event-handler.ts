import type { IntegrationEvent } from '@platform/contracts';
import type { CommandMetadata } from '@platform/domain-kit';
import type { SqlRunner } from '@platform/event-store';

/**
 * Reacts to one topic's integration events: what KafkaEventConsumer runs, inside a transaction per
 * chunk of a batch, after recording the events in the inbox under `consumer`, so an effect happens
 * once per (consumer, event id). Events it has no use for (`relevant`) never get that far. Services
 * do not write these: their `@EventPattern` methods become EventHandlers through KafkaBatchTransport.
 */
export interface EventHandler<E extends IntegrationEvent = IntegrationEvent> {
  readonly topic: string;
  /** The inbox name: one effect per (consumer, event id). */
  readonly consumer: string;
  /**
   * What makes this event malformed for this handler (data its contract does not allow), or null.
   * Such a message becomes a dead letter at once: no retry can help. An event the handler simply
   * does not act on is not a problem: `apply` returns without an effect.
   */
  problem?(event: E): string | null;
  /**
   * Optional: which of these (well-formed) events can have an effect, asked before any transaction;
   * the others are acknowledged without a transaction and without an inbox row. See Relevance for
   * the rule it must keep.
   */
  relevant?(db: SqlRunner, events: readonly E[]): readonly E[] | Promise<readonly E[]>;
  /**
   * Optional: which of the events `relevant` leaves out are recorded in the inbox (one statement
   * per chunk, no transaction), for a relevance that reads state which may change later, so that an
   * event skipped once stays seen (see Relevance). The others, and all without it, leave no row.
   */
  rememberSkips?(event: E): boolean;
  /**
   * The effect, in the caller's transaction (commands too: CommandHandler's `runner`). Business
   * outcomes never throw; a throw means "retry", and a message that keeps failing becomes a dead letter.
   */
  apply(tx: SqlRunner, event: E): Promise<void>;
  /**
   * Optional: the effect of several events at once (in stream order), for handlers that can write
   * them in one statement. Used instead of `apply` when present.
   */
  applyAll?(tx: SqlRunner, events: readonly E[]): Promise<void>;
}

/**
 * What a command caused by an integration event carries: the event's account and mode, its time (on
 * the account's clock where it happened), and the event as the request it answers.
 */
export function eventMetadata(event: IntegrationEvent): CommandMetadata {
  return {
    accountId: event.account_id,
    mode: event.mode,
    now: event.occurred_at * 1000,
    requestId: `event:${event.id}`,
  };
}

/**
 * What a log line about an event says of it: the event, and the request that caused it (the event's
 * correlation id, the id of the API request at the start of its chain), so the lines a consumer
 * writes are found with the request's own.
 */
export function eventLogFields(event: IntegrationEvent): { eventId: string; requestId?: string } {
  return event.correlation_id
    ? { eventId: event.id, requestId: event.correlation_id }
    : { eventId: event.id };
}
