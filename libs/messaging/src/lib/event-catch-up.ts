import { Logger } from '@nestjs/common';
import type { IntegrationEvent } from '@platform/contracts';
import { outsideKeyedRequest, sql } from '@platform/event-store';
import type { Database, SqlRunner } from '@platform/event-store';
import { ContextHeaders, DependencyUnavailable, isDependencyUnavailable } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { withTraceHeaders } from '@platform/telemetry';
import { request } from 'undici';
import type { EventHandler } from './event-handler';
import { applyOnce, seenInInbox } from './inbox';
import { isTransient } from './kafka-event-consumer';
import { keepRelevant } from './relevance';
import type { KafkaEventConsumer } from './kafka-event-consumer';
import { NextRun } from './next-run';
import { formatOutboxCursor } from './outbox-feed';
import type { OutboxCursor, OutboxFeedPage } from './outbox-feed';

export interface EventCatchUpOptions {
  /** The internal base URL of each service whose events this one consumes and may wait for. */
  owners: Readonly<Record<string, string>>;
  internalToken: string;
  /** Rows per page of an owner's outbox (default 500). */
  pageSize?: number;
}

/** Whose events to catch up on: the caller's account and mode. */
export type CatchUpScope = Pick<RequestContext, 'accountId' | 'mode' | 'requestId'>;

interface Delivery {
  handler: EventHandler;
  event: IntegrationEvent;
}

const TIMEOUT_MS = 5000;
const ATTEMPTS = 8;

const READ_HORIZON = sql(
  'catch-up.horizon',
  'SELECT horizon::text FROM catch_up_horizons WHERE owner = $1 AND account_id = $2 AND mode = $3',
);
const STORE_HORIZON = sql(
  'catch-up.store-horizon',
  `INSERT INTO catch_up_horizons (owner, account_id, mode, horizon) VALUES ($1, $2, $3, $4)
   ON CONFLICT (owner, account_id, mode)
   DO UPDATE SET horizon = GREATEST(catch_up_horizons.horizon, EXCLUDED.horizon)`,
);

/**
 * Read-your-writes across services. A service learns other services' facts from their events on
 * Kafka, which arrive a moment after the write that made them: an on-demand settlement asked for
 * right after a capture would find no balance, an invoice fetched right after its payment would
 * still say `issued`. Before answering such a request, the service catches up: it asks each owner
 * for the account's events in its outbox that this service may not have applied yet
 * (`GET /internal/outbox`, read from a horizon it keeps per owner, account and mode) and applies
 * them through the same handlers and inbox as the Kafka consumer, so an event arriving by both paths
 * has one effect. What was committed before the request arrived is then applied here.
 *
 * Callers of one account arriving together share one catch-up per owner (NextRun). An owner that
 * does not answer makes the request fail with 503 (DependencyUnavailable), never answer wrongly.
 */
export class EventCatchUp {
  private readonly logger = new Logger('EventCatchUp');
  private readonly runs = new NextRun();
  private topicsByOwner: Map<string, string[]> | null = null;

  constructor(
    private readonly database: Database,
    private readonly consumer: KafkaEventConsumer,
    private readonly options: EventCatchUpOptions,
  ) {}

  /**
   * Applies every event of the caller's account that its owners (or those named in `from`) had
   * committed when this was called.
   */
  async forCaller(scope: CatchUpScope, from?: readonly string[]): Promise<void> {
    // Applied as the consumer applies them, whichever request asked: never as commands of a keyed
    // request (a retry of it may find the events applied already).
    await outsideKeyedRequest(() => this.catchUpFor(scope, from));
  }

  private async catchUpFor(scope: CatchUpScope, from?: readonly string[]): Promise<void> {
    await Promise.all(
      [...this.ownerTopics()]
        .filter(([owner]) => from === undefined || from.includes(owner))
        .map(([owner, topics]) =>
          this.runs.run(`${owner}|${scope.accountId}|${scope.mode}`, () =>
            this.catchUpOn(owner, topics, scope),
          ),
        ),
    );
  }

  /** The topics this service reads, by owner (a topic is named `<owner>.<aggregate>`), for owners it can ask. */
  private ownerTopics(): Map<string, string[]> {
    if (this.topicsByOwner) return this.topicsByOwner;
    const byOwner = new Map<string, string[]>();
    for (const topic of this.consumer.subscribedTopics()) {
      const owner = topic.slice(0, topic.indexOf('.'));
      if (this.options.owners[owner] !== undefined)
        byOwner.set(owner, [...(byOwner.get(owner) ?? []), topic]);
    }
    return (this.topicsByOwner = byOwner);
  }

  private async catchUpOn(owner: string, topics: string[], scope: CatchUpScope): Promise<void> {
    const key = [owner, scope.accountId, scope.mode];
    const [stored] = await this.database.query<{ horizon: string }>(READ_HORIZON, key);
    let after: OutboxCursor = { transactionId: stored?.horizon ?? '0', position: '0' };
    // Only the first page's horizon is safe to keep: a transaction still open then may commit rows
    // that sort before the later pages' cursors.
    let horizon: string | null = null;
    let applied = false;
    for (;;) {
      const page = await this.fetchPage(owner, topics, scope, after);
      horizon ??= page.horizon;
      if (page.items.length > 0) {
        await this.apply(page.items);
        applied = true;
      }
      if (!page.next) break;
      after = page.next;
    }
    // With no row found, the stored horizon already finds everything new: nothing to write.
    if (applied) await this.database.query(STORE_HORIZON, [...key, horizon]);
  }

  private async fetchPage(
    owner: string,
    topics: readonly string[],
    scope: CatchUpScope,
    after: OutboxCursor,
  ): Promise<OutboxFeedPage> {
    const query = new URLSearchParams({
      topics: topics.join(','),
      after: formatOutboxCursor(after),
      limit: String(this.options.pageSize ?? 500),
    });
    const url = `${this.options.owners[owner].replace(/\/+$/, '')}/internal/outbox?${query}`;
    const answer = await request(url, {
      headers: withTraceHeaders({
        [ContextHeaders.internalToken]: this.options.internalToken,
        [ContextHeaders.accountId]: scope.accountId,
        [ContextHeaders.mode]: scope.mode,
        [ContextHeaders.requestId]: scope.requestId,
      }),
      headersTimeout: TIMEOUT_MS,
      bodyTimeout: TIMEOUT_MS,
    }).catch((error: unknown) => {
      throw new DependencyUnavailable(`${owner} (catching up on its events)`, { cause: error });
    });
    if (answer.statusCode === 200) return (await answer.body.json()) as OutboxFeedPage;
    await answer.body.dump();
    throw new DependencyUnavailable(
      `${owner} (catching up on its events: it answered ${answer.statusCode})`,
    );
  }

  /**
   * The events this service has not applied yet and has a use for (see Relevance), through its
   * handlers and inbox: all in one transaction, or, if one of them fails for a reason of its own,
   * each on its own, leaving the failing one to the Kafka consumer (which makes it a dead letter).
   */
  private async apply(items: OutboxFeedPage['items']): Promise<void> {
    const deliveries = items.flatMap(({ topic, event }) =>
      this.consumer
        .handlersOf(topic)
        .filter((handler) => (handler.problem?.(event) ?? null) === null)
        .map((handler) => ({ handler, event })),
    );
    const relevant = await keepRelevant(this.database, deliveries);
    const seen = await seenInInbox(
      this.database,
      [...new Set(relevant.map(({ handler }) => handler.consumer))],
      [...new Set(relevant.map(({ event }) => event.id))],
    );
    const fresh = relevant.filter(
      ({ handler, event }) => !seen.has(`${handler.consumer}|${event.id}`),
    );
    if (fresh.length === 0) return;
    try {
      await this.untilCommitted((tx) => applyAll(tx, fresh));
    } catch (error) {
      if (isTransient(error)) throw stillBusy(error);
      for (const delivery of fresh)
        await this.untilCommitted((tx) => applyAll(tx, [delivery])).catch((failure: unknown) => {
          if (isTransient(failure)) throw stillBusy(failure);
          this.logger.warn(
            `catching up: ${delivery.handler.consumer} failed on ${delivery.event.type} ${delivery.event.id}, left to the Kafka consumer: ${String(failure)}`,
          );
        });
    }
  }

  /** `work` in a transaction, again after a transient failure (a lost race with the Kafka consumer). */
  private async untilCommitted(work: (tx: SqlRunner) => Promise<void>): Promise<void> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.database.transaction(work);
      } catch (error) {
        if (!isTransient(error) || attempt >= ATTEMPTS) throw error;
        await new Promise((resolve) => setTimeout(resolve, 5 * 2 ** attempt));
      }
    }
  }
}

/** Each handler's events in the order their owner committed them. */
async function applyAll(tx: SqlRunner, deliveries: readonly Delivery[]): Promise<void> {
  const byHandler = new Map<EventHandler, IntegrationEvent[]>();
  for (const { handler, event } of deliveries)
    byHandler.set(handler, [...(byHandler.get(handler) ?? []), event]);
  for (const [handler, events] of byHandler) await applyOnce(tx, handler, events);
}

/** A race lost again and again (the Kafka consumer applying the same streams): retry later, 503. */
function stillBusy(error: unknown): unknown {
  return isDependencyUnavailable(error)
    ? error
    : new DependencyUnavailable('the event catch-up (busy)', { cause: error });
}
