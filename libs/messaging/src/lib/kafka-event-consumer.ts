import { Logger } from '@nestjs/common';
import { envelopeProblem } from '@platform/contracts';
import type { IntegrationEvent } from '@platform/contracts';
import { isVersionConflict } from '@platform/event-store';
import type { Database, SqlRunner } from '@platform/event-store';
import { isDependencyUnavailable } from '@platform/http';
import { Kafka, logLevel } from 'kafkajs';
import type { Consumer, EachBatchPayload, IHeaders, KafkaMessage } from 'kafkajs';
import {
  deadLetterIdsNotReplayed,
  describeFailure,
  lockDeadLetter,
  markReplayed,
  recordDeadLetter,
  recordFailedReplay,
} from './dead-letters';
import type { NewDeadLetter } from './dead-letters';
import { eventLogFields } from './event-handler';
import { applyOnce } from './inbox';
import { keepRelevant } from './relevance';
import type { EventHandler } from './event-handler';
import type { KafkaSecurity } from './kafka-security';
import { TransactionJoiner } from './transaction-joiner';
import { contextFrom, endSpan, inSpan, startSpan, tracingEnabled } from '@platform/telemetry';
import type { Span } from '@platform/telemetry';

export interface KafkaEventConsumerOptions {
  brokers: string[];
  clientId: string;
  /** TLS and SASL, when the cluster asks for them. */
  security?: KafkaSecurity;
  /** Let the cluster create a subscribed topic on first use (default true; production provisions them). */
  autoCreateTopics?: boolean;
  /** One consumer group per service, e.g. `payments`; each handler keeps its own inbox name. */
  groupId: string;
  /**
   * How long the group waits for a member that stopped heartbeating (crashed) before its partitions
   * go to the others (default 6 s, Apache Kafka's minimum). A clean shutdown leaves at once.
   */
  sessionTimeoutMs?: number;
  /**
   * How many partitions' batches are handled at once (default 1): first in one joint transaction,
   * each in its own if that fails; the messages of one partition always in order.
   */
  partitionsConcurrently?: number;
  /** How often a message that fails is tried before it becomes a dead letter (default 5). */
  attemptsBeforeDeadLetter?: number;
  /** Told of each new dead letter, after it is stored (the service counts them on /metrics). */
  onDeadLetter?: (letter: NewDeadLetter) => void;
  /** Told what the consumer does, for the service's metrics. */
  metrics?: ConsumerMetrics;
}

/** What an SRE watches of a consumer: events handled, attempts that failed, how far behind it is. */
export interface ConsumerMetrics {
  /** Events of a topic whose effects committed (a message counts once per handler). */
  handled(topic: string, count: number): void;
  /** A transaction that failed and will be tried again (or end as a dead letter). */
  failed(topic: string): void;
  /** Messages of the partition after the last one of the batch just handled (at the batch's fetch). */
  lag(topic: string, partition: number, messages: number): void;
}

const CHUNK = 200;
const FIRST_BACKOFF_MS = 100;
const MAX_BACKOFF_MS = 5000;
const DISCONNECT_TIMEOUT_MS = 5000;
const ATTEMPTS_BEFORE_DEAD_LETTER = 5;

interface Delivery {
  handler: EventHandler;
  event: IntegrationEvent;
}

/** A message as taken from its partition: the handlers it goes to, and the dead letters it already is. */
interface Received {
  message: KafkaMessage;
  deliveries: Delivery[];
  dead: NewDeadLetter[];
}

/** The partition being worked on, for the waits between attempts. */
interface BatchScope {
  topic: string;
  partition: number;
  heartbeat(): Promise<void>;
  /** False once the consumer stops or loses the partition: leave the rest for the next owner. */
  live(): boolean;
}

/** What became of a replayed dead letter. */
export interface ReplayOutcome {
  id: string;
  outcome: 'replayed' | 'already-replayed' | 'not-found' | 'failed';
  /** Why it failed again (then it stays a dead letter, one attempt more). */
  error?: string;
  attempts?: number;
}

/**
 * A service's Kafka consumer: for each batch kafkajs fetches, the events go to their topic's handler
 * in chunks of up to 200, each chunk in ONE transaction (an inbox row per event, then its effect),
 * so a busy topic costs one commit per chunk instead of one per event. Events a handler has no use
 * for (its `relevant`, asked first) skip all of that: a chunk of only those needs no transaction.
 * The partitions of one fetch are handled at once (`partitionsConcurrently`), their chunks first in
 * one joint transaction (see TransactionJoiner). Offsets are resolved only after the transaction committed, and committed by
 * kafkajs after each batch (the batches of a joint transaction finish together and share one
 * commit). After a crash the last few messages come again, and the inbox makes that harmless.
 *
 * Messages that cannot be handled never stop their partition. One that is no event (not JSON, no
 * envelope) or that a handler finds malformed is a dead letter at once. When a chunk fails, its
 * messages are tried again one by one, each handler's in its own transaction, and the one that keeps
 * failing becomes a dead letter after `attemptsBeforeDeadLetter` tries with backoff; the rest are
 * applied. Failures that are not the message's fault (PostgreSQL or another service unreachable, a
 * lost race for a stream, a deadlock) are retried as long as it takes and never counted.
 *
 * Services see it as a Nest microservice transport (KafkaBatchTransport, `@EventPattern` handlers).
 * It replaces Nest's own Kafka transport, which hands over one message at a time (one transaction and
 * one offset commit per event: a third of the platform's write throughput under load).
 */
export class KafkaEventConsumer {
  private readonly logger = new Logger('KafkaEventConsumer');
  private readonly byTopic = new Map<string, EventHandler[]>();
  private consumer: Consumer | null = null;
  private stopping = false;

  /** The chunks of the partitions handled at the same moment, tried in one transaction first. */
  private readonly together: TransactionJoiner<JointChunk, NewDeadLetter[]>;

  /** `handlers` is read at the start (or at the first replay), when every handler is registered. */
  constructor(
    private readonly options: KafkaEventConsumerOptions,
    private readonly database: Database,
    private readonly handlers: () => readonly EventHandler[],
  ) {
    this.together = new TransactionJoiner(database, applyJointly);
  }

  /** The topics the service's handlers read. */
  subscribedTopics(): string[] {
    this.findHandlers();
    return [...this.byTopic.keys()];
  }

  /**
   * Leaves the group (so the partitions move to another replica at once, not after the session
   * timeout) once the chunk in hand is committed. With the broker away, kafkajs's disconnect waits
   * for its reconnect attempts; it is abandoned after DISCONNECT_TIMEOUT_MS so shutdown still ends
   * within the pod's grace period (the broker forgets the member when its session times out).
   */
  async stop(): Promise<void> {
    this.stopping = true;
    if (!this.consumer) return;
    let timer: NodeJS.Timeout | undefined;
    const abandoned = new Promise<'abandoned'>(
      (resolve) => (timer = setTimeout(() => resolve('abandoned'), DISCONNECT_TIMEOUT_MS)),
    );
    const outcome = await Promise.race([
      this.consumer.disconnect().catch(() => undefined),
      abandoned,
    ]);
    clearTimeout(timer);
    if (outcome === 'abandoned')
      this.logger.warn(
        `the Kafka consumer did not disconnect within ${DISCONNECT_TIMEOUT_MS} ms (broker unreachable?); leaving without it`,
      );
  }

  /**
   * Joins the group and consumes until stopped; resolves once the consumer runs (callers start it in
   * the background: it retries while Kafka is away). Without handlers there is nothing to consume.
   */
  async start(): Promise<void> {
    this.findHandlers();
    if (this.byTopic.size === 0) return;
    const kafka = new Kafka({
      clientId: this.options.clientId,
      brokers: this.options.brokers,
      ...this.options.security,
      logLevel: logLevel.WARN,
      retry: { initialRetryTime: 300, maxRetryTime: 5000, retries: 10_000 },
    });
    // A short long-poll: appends wake it anyway, and shutdown waits for the poll in flight.
    // A member that crashed is replaced within the session timeout (kafkajs's default is 30 s); a
    // heartbeat every second keeps a live one in even with a short timeout.
    const sessionTimeout = this.options.sessionTimeoutMs ?? 6000;
    const consumer = kafka.consumer({
      groupId: this.options.groupId,
      sessionTimeout,
      heartbeatInterval: Math.min(1000, sessionTimeout / 3),
      maxWaitTimeInMs: 1000,
      allowAutoTopicCreation: this.options.autoCreateTopics ?? true,
      retry: { retries: 10_000 },
    });
    this.consumer = consumer;
    await consumer.connect();
    await consumer.subscribe({ topics: [...this.byTopic.keys()], fromBeginning: true });
    await consumer.run({
      autoCommit: true,
      autoCommitInterval: 500,
      autoCommitThreshold: 100,
      eachBatchAutoResolve: false,
      partitionsConsumedConcurrently: this.options.partitionsConcurrently ?? 1,
      eachBatch: (payload) => this.handleBatch(payload),
    });
  }

  /**
   * Replays a dead letter through the path it failed on: for its handler (every handler of its topic
   * when it was no event at all), the inbox row and the effect in one transaction, which also marks
   * it replayed. A second replay, or one of an event applied meanwhile, changes nothing: the inbox
   * knows the event. If it fails again it stays a dead letter, with one attempt more and the new error.
   */
  async replay(id: string): Promise<ReplayOutcome> {
    this.findHandlers();
    try {
      const outcome = await this.database.transaction(async (tx) => {
        const letter = await lockDeadLetter(tx, id);
        if (!letter) return 'not-found' as const;
        if (letter.replayedAt) return 'already-replayed' as const;
        const handlers = (this.byTopic.get(letter.topic) ?? []).filter(
          (handler) =>
            letter.consumer === this.options.groupId || handler.consumer === letter.consumer,
        );
        if (handlers.length === 0)
          throw new Error(`this service has no handler ${letter.consumer} of ${letter.topic}`);
        const parsed = parseEvent(letter.value);
        if ('problem' in parsed) throw new Error(parsed.problem);
        for (const handler of handlers) {
          const problem = handler.problem?.(parsed.event) ?? null;
          if (problem !== null) throw new Error(`${handler.consumer}: ${problem}`);
          await applyOnce(tx, handler, [parsed.event]);
        }
        await markReplayed(tx, id);
        return 'replayed' as const;
      });
      return { id, outcome };
    } catch (error) {
      const attempts = await recordFailedReplay(this.database, id, describeFailure(error));
      return { id, outcome: 'failed', error: errorMessage(error), attempts };
    }
  }

  /** Replays every dead letter not replayed yet, oldest first. */
  async replayAll(): Promise<ReplayOutcome[]> {
    const outcomes: ReplayOutcome[] = [];
    for (const id of await deadLetterIdsNotReplayed(this.database))
      outcomes.push(await this.replay(id));
    return outcomes;
  }

  /** The handlers of a topic's events (none for a topic the service does not read). */
  handlersOf(topic: string): readonly EventHandler[] {
    this.findHandlers();
    return this.byTopic.get(topic) ?? [];
  }

  /** Groups the handlers by topic, once. */
  private findHandlers(): void {
    if (this.byTopic.size > 0) return;
    for (const handler of this.handlers())
      this.byTopic.set(handler.topic, [...(this.byTopic.get(handler.topic) ?? []), handler]);
  }

  private async handleBatch({
    batch,
    resolveOffset,
    heartbeat,
    isRunning,
    isStale,
  }: EachBatchPayload): Promise<void> {
    const handlers = this.byTopic.get(batch.topic) ?? [];
    const scope: BatchScope = {
      topic: batch.topic,
      partition: batch.partition,
      heartbeat,
      live: () => isRunning() && !isStale() && !this.stopping,
    };
    for (let start = 0; start < batch.messages.length; start += CHUNK) {
      if (!scope.live()) return;
      const chunk = await this.withoutIrrelevant(
        batch.messages
          .slice(start, start + CHUNK)
          .map((message) => this.receive(handlers, scope, message)),
      );
      if (!(await this.applyChunk(scope, chunk, resolveOffset))) return;
      resolveOffset(chunk[chunk.length - 1].message.offset);
      await heartbeat();
    }
    this.options.metrics?.lag(batch.topic, batch.partition, Number(batch.offsetLag()));
  }

  /** Each handler that can take the message's event, with it; or the dead letters the message is already. */
  private receive(
    handlers: readonly EventHandler[],
    scope: BatchScope,
    message: KafkaMessage,
  ): Received {
    const parsed = parseEvent(message.value);
    if ('problem' in parsed)
      return {
        message,
        deliveries: [],
        dead: [
          deadLetterOf(scope, message, {
            consumer: this.options.groupId,
            event: null,
            error: parsed.problem,
          }),
        ],
      };
    const received: Received = { message, deliveries: [], dead: [] };
    for (const handler of handlers) {
      // problem() names data the event's contract does not allow: no retry can help, so it is a dead
      // letter at once (replayable after a fix). An event a handler simply does not act on is no
      // problem: its apply() returns without an effect.
      const problem = handler.problem?.(parsed.event) ?? null;
      if (problem === null) received.deliveries.push({ handler, event: parsed.event });
      else
        received.dead.push(
          deadLetterOf(scope, message, {
            consumer: handler.consumer,
            event: parsed.event,
            error: problem,
          }),
        );
    }
    return received;
  }

  /**
   * The chunk without the deliveries their handlers have no use for (see Relevance), asked before
   * any transaction: a message left with no delivery and no dead letter is acknowledged as it is.
   */
  private async withoutIrrelevant(chunk: Received[]): Promise<Received[]> {
    const deliveries = chunk.flatMap((received) => received.deliveries);
    const kept = await keepRelevant(this.database, deliveries);
    if (kept.length === deliveries.length) return chunk;
    const relevant = new Set(kept);
    return chunk.map((received) => ({
      ...received,
      deliveries: received.deliveries.filter((delivery) => relevant.has(delivery)),
    }));
  }

  /**
   * The chunk in one transaction (its dead letters, then per handler the inbox rows and the new
   * events' effects), retried whole while the failure is not the messages' fault. Any other failure
   * means some message (or handler) fails: then each is tried on its own. False when stopping.
   */
  private async applyChunk(
    scope: BatchScope,
    chunk: readonly Received[],
    resolveOffset: (offset: string) => void,
  ): Promise<boolean> {
    const deliveries = chunk.flatMap((received) => received.deliveries);
    const dead = chunk.flatMap((received) => received.dead);
    if (deliveries.length === 0 && dead.length === 0) return true;
    // Only partitions handled at once can share a transaction; with tracing on, each chunk keeps its
    // own transaction in its own message's trace.
    if ((this.options.partitionsConcurrently ?? 1) > 1 && !tracingEnabled()) {
      const joint = await this.together.join({ deliveries, dead });
      if (joint.joined) {
        this.options.metrics?.handled(scope.topic, deliveries.length);
        this.announce(joint.result);
        return true;
      }
    }
    let kept: NewDeadLetter[] = [];
    const spans = this.spansOf(scope, chunk);
    const outcome = await inSpans(spans, () =>
      this.untilCommitted(
        scope,
        `handling ${deliveries.length} events of ${scope.topic}/${scope.partition}`,
        1,
        async (tx) => {
          kept = await recordAll(tx, dead);
          for (const [handler, events] of byHandler(deliveries))
            await applyOnce(tx, handler, events);
        },
      ),
    );
    for (const span of spans)
      endSpan(span, outcome === 'committed' ? undefined : 'not handled as a batch');
    if (outcome === 'stopped') return false;
    if (outcome === 'committed') {
      this.options.metrics?.handled(scope.topic, deliveries.length);
      this.announce(kept);
      return true;
    }
    this.logger.warn(
      `handling ${deliveries.length} events of ${scope.topic}/${scope.partition} failed, trying them one by one: ${errorMessage(outcome.error)}`,
    );
    return this.oneByOne(scope, chunk, resolveOffset);
  }

  /**
   * The chunk again, in order, each message's part for each handler in its own transaction: what
   * keeps failing becomes a dead letter and the rest is applied. Offsets are resolved as it goes.
   */
  private async oneByOne(
    scope: BatchScope,
    chunk: readonly Received[],
    resolveOffset: (offset: string) => void,
  ): Promise<boolean> {
    for (const { message, deliveries, dead } of chunk) {
      const letters = [...dead];
      for (const { handler, event } of deliveries) {
        const outcome = await this.untilCommitted(
          scope,
          `${handler.consumer} on ${scope.topic}/${scope.partition}@${message.offset}`,
          this.attemptsBeforeDeadLetter,
          (tx) => applyOnce(tx, handler, [event]),
        );
        if (outcome === 'stopped') return false;
        if (outcome === 'committed') this.options.metrics?.handled(scope.topic, 1);
        else
          letters.push(
            deadLetterOf(scope, message, {
              consumer: handler.consumer,
              event,
              error: describeFailure(outcome.error),
              attempts: outcome.attempts,
              firstFailedAt: outcome.firstFailedAt,
            }),
          );
      }
      if (letters.length > 0) {
        let kept: NewDeadLetter[] = [];
        const recorded = await this.untilCommitted(
          scope,
          `recording a dead letter of ${scope.topic}`,
          Infinity,
          async (tx) => void (kept = await recordAll(tx, letters)),
        );
        if (recorded === 'stopped') return false;
        this.announce(kept);
      }
      resolveOffset(message.offset);
    }
    return true;
  }

  /**
   * `work` in a transaction until it commits. Failures that are not the message's fault are retried
   * with backoff as long as it takes and not counted; after `attempts` others it gives up and returns
   * the last error. 'stopped' when the consumer stops or loses the partition first.
   */
  private async untilCommitted(
    scope: BatchScope,
    what: string,
    attempts: number,
    work: (tx: SqlRunner) => Promise<void>,
  ): Promise<Attempted> {
    let failures = 0;
    let firstFailedAt: Date | null = null;
    for (let wait = FIRST_BACKOFF_MS; ; wait = Math.min(wait * 2, MAX_BACKOFF_MS)) {
      try {
        await this.database.transaction(work);
        return 'committed';
      } catch (error) {
        this.options.metrics?.failed(scope.topic);
        firstFailedAt ??= new Date();
        const counted = !isTransient(error);
        if (counted && ++failures >= attempts) return { error, attempts: failures, firstFailedAt };
        this.logger.warn(
          `${what} failed${counted ? ` (attempt ${failures} of ${attempts})` : ''}, retrying in ${wait} ms: ${errorMessage(error)}`,
        );
        await new Promise((resolve) => setTimeout(resolve, wait));
        if (!scope.live()) return 'stopped';
        await scope.heartbeat();
      }
    }
  }

  /**
   * With tracing on, a consumer span per message, in the trace of the request or message that
   * caused it (its `traceparent` header): one trace runs from an API call through every reaction.
   */
  private spansOf(scope: BatchScope, chunk: readonly Received[]): Span[] {
    if (!tracingEnabled()) return [];
    return chunk.map(({ message }) =>
      startSpan(`${scope.topic} process`, contextFrom(message.headers ?? {}), {
        service: this.options.groupId,
        kind: 'consumer',
        'messaging.destination.name': scope.topic,
        'messaging.kafka.offset': message.offset,
      }),
    );
  }

  private get attemptsBeforeDeadLetter(): number {
    return this.options.attemptsBeforeDeadLetter ?? ATTEMPTS_BEFORE_DEAD_LETTER;
  }

  /** Logs each new dead letter and tells the service (after its transaction committed). */
  private announce(letters: readonly NewDeadLetter[]): void {
    for (const letter of letters) {
      this.logger.error({
        msg: `dead letter: ${letter.consumer} gave up on ${letter.topic}/${letter.partition}@${letter.offset} after ${letter.attempts} attempt(s): ${letter.error.split('\n')[0]}`,
        ...logFieldsOf(letter),
      });
      this.options.onDeadLetter?.(letter);
    }
  }
}

/** Runs `work` as part of the first message's trace (its writes carry that one on). */
function inSpans<T>(spans: readonly Span[], work: () => Promise<T>): Promise<T> {
  return spans.length > 0 ? inSpan(spans[0], work) : work();
}

type Attempted =
  'committed' | 'stopped' | { error: unknown; attempts: number; firstFailedAt: Date };

/**
 * Not the message's fault, so retried as long as it takes and never counted towards a dead letter:
 * PostgreSQL or another service unreachable, a command that lost the race for its stream (a batch
 * in the inbox transaction throws it for the whole chunk to run again), or PostgreSQL's own "run it
 * again" (40001 serialization failure, 40P01 deadlock).
 */
export function isTransient(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return (
    isDependencyUnavailable(error) ||
    isVersionConflict(error) ||
    code === '40001' ||
    code === '40P01'
  );
}

/** The event and request a dead letter's line names, when its message is an event at all. */
function logFieldsOf(letter: NewDeadLetter): { eventId?: string; requestId?: string } {
  const parsed = parseEvent(letter.value);
  return 'event' in parsed ? eventLogFields(parsed.event) : {};
}

/** The message's event, or why it is none (not JSON, or no envelope). */
function parseEvent(value: Buffer | null): { event: IntegrationEvent } | { problem: string } {
  let payload: unknown;
  try {
    payload = JSON.parse(value?.toString() ?? 'null');
  } catch {
    return { problem: 'the message is not JSON' };
  }
  const problem = envelopeProblem(payload);
  return problem === null ? { event: payload as IntegrationEvent } : { problem };
}

function deadLetterOf(
  scope: BatchScope,
  message: KafkaMessage,
  failure: {
    consumer: string;
    event: IntegrationEvent | null;
    error: string;
    attempts?: number;
    firstFailedAt?: Date;
  },
): NewDeadLetter {
  return {
    topic: scope.topic,
    partition: scope.partition,
    offset: message.offset,
    key: message.key?.toString() ?? null,
    headers: headerText(message.headers),
    value: message.value ?? null,
    consumer: failure.consumer,
    eventId: failure.event?.id ?? null,
    eventType: failure.event?.type ?? null,
    error: failure.error,
    attempts: failure.attempts ?? 1,
    firstFailedAt: failure.firstFailedAt ?? new Date(),
  };
}

function headerText(headers: IHeaders | undefined): Record<string, string> {
  const text: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers ?? {}))
    if (value !== undefined)
      text[name] = (Array.isArray(value) ? value : [value]).map(String).join(', ');
  return text;
}

/** The letters stored now (a redelivered message's are there already). */
async function recordAll(
  tx: SqlRunner,
  letters: readonly NewDeadLetter[],
): Promise<NewDeadLetter[]> {
  const kept: NewDeadLetter[] = [];
  for (const letter of letters) if (await recordDeadLetter(tx, letter)) kept.push(letter);
  return kept;
}

function byHandler(deliveries: readonly Delivery[]): Map<EventHandler, IntegrationEvent[]> {
  const grouped = new Map<EventHandler, IntegrationEvent[]>();
  for (const { handler, event } of deliveries)
    grouped.set(handler, grouped.get(handler)?.concat(event) ?? [event]);
  return grouped;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A chunk's part of a joint transaction: its deliveries and the dead letters it is already. */
interface JointChunk {
  deliveries: readonly Delivery[];
  dead: readonly NewDeadLetter[];
}

/**
 * Chunks of several partitions in one transaction: each one's dead letters (the ones stored are its
 * result), then every handler's events of all of them, each partition's in its order.
 */
async function applyJointly(
  tx: SqlRunner,
  chunks: readonly JointChunk[],
): Promise<NewDeadLetter[][]> {
  const kept: NewDeadLetter[][] = [];
  for (const { dead } of chunks) kept.push(await recordAll(tx, dead));
  for (const [handler, events] of byHandler(chunks.flatMap((chunk) => chunk.deliveries)))
    await applyOnce(tx, handler, events);
  return kept;
}
