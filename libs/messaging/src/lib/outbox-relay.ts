import { Kafka, logLevel } from 'kafkajs';
import type { Producer } from 'kafkajs';
import { Client } from 'pg';
import type { KafkaSecurity } from './kafka-security';
import { WakeableSleep } from './wakeable-sleep';

export interface OutboxRelayOptions {
  databaseUrl: string;
  brokers: string[];
  /** TLS and SASL, when the cluster asks for them. */
  security?: KafkaSecurity;
  /** Let the cluster create a topic on first use (default true; production provisions them). */
  autoCreateTopics?: boolean;
  /** Names the relay's advisory lock: one active relay per service. */
  service: string;
  /** The Kafka client id (default the service's name), suffixed `-outbox-relay`. */
  clientId?: string;
  pollIntervalMs?: number;
  batchSize?: number;
  /**
   * After a partial batch, the next one starts no sooner than this after the last one started, so a
   * burst of commits goes out as one batch: `lingerMs` (default 20) for each 20 rows the last batch
   * had, at most `maxLingerMs` (default 100). Counted from the start of the last batch, as Kafka's
   * linger.ms counts from a record's arrival: a cycle whose own work (read, send, mark) took that long
   * already gathered its batch and goes straight on, so a busy relay waits only as long as its work.
   * A quiet service publishes an event as soon as the writer's NOTIFY arrives; a busy one sends
   * fewer, larger batches, which costs the broker and every consumer less per event (one fetch and
   * one transaction per batch). Keep it above the writers' NOTIFY interval (10 ms, see
   * NotifyThrottle): writes right after a NOTIFY send none and are found by the look after the linger.
   */
  lingerMs?: number;
  maxLingerMs?: number;
  /** Published rows are kept this long (hours) for inspection, then deleted. */
  retentionHours?: number;
  log?: (
    level: 'info' | 'warn' | 'error',
    message: string,
    fields?: Record<string, unknown>,
  ) => void;
}

interface Connection {
  client: Client;
  producer: Producer;
}

interface OutboxRow {
  position: string;
  topic: string;
  message_key: string;
  /** The JSON text as PostgreSQL renders the jsonb: sent as is, never parsed here. */
  payload: string;
  headers: Record<string, string>;
}

const MAX_BACKOFF_MS = 5000;
/** Marks rows ($1, positions) published at $2 (ms since the epoch, when the broker took them). */
const MARK_PUBLISHED =
  'UPDATE outbox SET published_at = to_timestamp($2::double precision / 1000) WHERE position = ANY($1::bigint[])';
const PURGE_EVERY_MS = 10 * 60 * 1000;

/**
 * Publishes the outbox to Kafka: oldest transaction first, with an idempotent producer (acks -1),
 * then marks rows as published, with the time the broker took them. The mark goes with the next
 * batch's read, in one statement (on its own only when the relay stops): one round trip a batch
 * fewer, which is latency for every event under load. Delivery is at least once (a crash between
 * publish and mark sends a row again; consumers deduplicate by event id). Only the holder of the
 * service's advisory lock publishes, so replicas never interleave; it wakes on NOTIFY from
 * committing writers and polls as a fallback. When Kafka or PostgreSQL is away it backs off and
 * resumes where it stopped.
 */
export class OutboxRelay {
  private stopped = false;
  private running: Promise<void> | null = null;
  private connection: Connection | null = null;
  private readonly pause = new WakeableSleep();
  /**
   * A writer's NOTIFY came since the last read began: its rows may have committed after that read's
   * snapshot, so the relay reads again before it sleeps (a wake while it works would be lost).
   */
  private notified = false;
  private lastPurge = 0;
  /** Published and not marked yet: the rows' positions and when the broker took them (ms). */
  private sent: { positions: string[]; at: number } | null = null;
  publishedCount = 0;
  isLeader = false;

  constructor(private readonly options: OutboxRelayOptions) {}

  start(): void {
    this.running ??= this.run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.pause.close();
    await this.running;
    // Unmarked, the last batch would be sent again by the next relay.
    if (this.connection) await this.markSent(this.connection).catch(() => undefined);
    await this.disconnect();
  }

  private async run(): Promise<void> {
    let backoff = 200;
    while (!this.stopped) {
      try {
        const connection = await this.connect();
        if (!(await this.tryLead(connection))) {
          await this.pause.sleep(2000);
          continue;
        }
        backoff = 200;
        await this.publishUntilStopped(connection);
      } catch (error) {
        this.log('warn', 'outbox relay interrupted; retrying', {
          error: error instanceof Error ? error.message : String(error),
          retryInMs: backoff,
        });
        await this.disconnect();
        await this.pause.sleep(backoff);
        backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
      }
    }
  }

  private async connect(): Promise<Connection> {
    if (this.connection) return this.connection;
    const client = new Client({ connectionString: this.options.databaseUrl });
    client.on('error', () => undefined); // surfaced by the next query
    client.on('notification', () => {
      this.notified = true;
      this.pause.wake();
    });
    const kafka = new Kafka({
      clientId: `${this.options.clientId ?? this.options.service}-outbox-relay`,
      brokers: this.options.brokers,
      ...this.options.security,
      logLevel: logLevel.NOTHING,
      retry: { retries: 3, initialRetryTime: 200 },
    });
    const producer = kafka.producer({
      idempotent: true,
      maxInFlightRequests: 1,
      allowAutoTopicCreation: this.options.autoCreateTopics ?? true,
    });
    this.connection = { client, producer };
    await client.connect();
    await client.query('LISTEN outbox');
    // The relay's read walks the unpublished rows' partial index in order. The planner picks a
    // bitmap scan instead while the outbox's statistics are stale (a new or fast-growing table,
    // before autovacuum analyzes it), and that visits every row published since the last vacuum, on
    // every read: 747 pages a read after 4,500 captures, and growing. A plain index scan marks those
    // entries dead as it passes them and skips them from then on: 4 pages. This connection runs
    // nothing else that a bitmap scan would serve better.
    await client.query('SET enable_bitmapscan = off');
    // Marking rows published need not wait for the WAL flush: a mark lost with a crash of
    // PostgreSQL means those rows are published again, as after any crash between publish and mark
    // (consumers deduplicate). One flush less in every cycle of the relay.
    await client.query('SET synchronous_commit = off');
    await producer.connect();
    return this.connection;
  }

  private async tryLead({ client }: Connection): Promise<boolean> {
    const [row] = (
      await client.query<{ locked: boolean }>(
        'SELECT pg_try_advisory_lock(hashtext($1)) AS locked',
        [`outbox-relay:${this.options.service}`],
      )
    ).rows;
    if (row.locked && !this.isLeader)
      this.log('info', 'outbox relay active', { service: this.options.service });
    this.isLeader = row.locked;
    return row.locked;
  }

  private async publishUntilStopped(connection: Connection): Promise<void> {
    while (!this.stopped) {
      const started = performance.now();
      this.notified = false;
      const published = await this.publishBatch(connection);
      if (Date.now() - this.lastPurge > PURGE_EVERY_MS) await this.purge(connection);
      // Nothing to send: until a writer's NOTIFY (or the fallback poll), then at once; a NOTIFY that
      // came while it read means rows it may not have seen, so it reads again instead.
      if (published === 0) {
        if (!this.notified) await this.pause.sleep(this.options.pollIntervalMs ?? 1000);
      } else if (published < (this.options.batchSize ?? 500)) {
        const linger = started + this.lingerAfter(published) - performance.now();
        if (linger > 0) await new Promise((resolve) => setTimeout(resolve, linger));
      }
    }
  }

  /** How long after the start of a partial batch of `published` rows the next one may start. */
  private lingerAfter(published: number): number {
    const step = this.options.lingerMs ?? 20;
    return Math.min(this.options.maxLingerMs ?? 100, step * Math.max(1, Math.ceil(published / 20)));
  }

  /** Marks the last batch published and publishes the oldest unpublished rows; returns how many. */
  private async publishBatch({ client, producer }: Connection): Promise<number> {
    const sent = this.sent;
    // The main query sees the table as before the mark: the rows just marked are left out by position.
    const { rows } = await client.query<OutboxRow>(
      `WITH marked AS (${MARK_PUBLISHED})
       SELECT position, topic, message_key, payload::text AS payload, headers FROM outbox
        WHERE published_at IS NULL AND position <> ALL($1::bigint[])
        ORDER BY transaction_id, position LIMIT $3`,
      [sent?.positions ?? [], sent?.at ?? 0, this.options.batchSize ?? 500],
    );
    this.sent = null;
    if (rows.length === 0) return 0;
    const byTopic = new Map<
      string,
      { key: string; value: string; headers: Record<string, string> }[]
    >();
    for (const row of rows) {
      const messages = byTopic.get(row.topic) ?? [];
      messages.push({ key: row.message_key, value: row.payload, headers: row.headers });
      byTopic.set(row.topic, messages);
    }
    await producer.sendBatch({
      acks: -1,
      topicMessages: [...byTopic].map(([topic, messages]) => ({ topic, messages })),
    });
    this.sent = { positions: rows.map((row) => row.position), at: Date.now() };
    this.publishedCount += rows.length;
    return rows.length;
  }

  private async markSent({ client }: Connection): Promise<void> {
    const sent = this.sent;
    if (!sent) return;
    await client.query(MARK_PUBLISHED, [sent.positions, sent.at]);
    this.sent = null;
  }

  private async purge({ client }: Connection): Promise<void> {
    this.lastPurge = Date.now();
    await client.query(
      `DELETE FROM outbox WHERE published_at < now() - make_interval(hours => $1)`,
      [this.options.retentionHours ?? 24],
    );
  }

  private async disconnect(): Promise<void> {
    const connection = this.connection;
    this.connection = null;
    this.isLeader = false;
    this.sent = null; // sent again after reconnecting: at least once
    await connection?.client.end().catch(() => undefined); // also releases the advisory lock
    await connection?.producer.disconnect().catch(() => undefined);
  }

  private log(
    level: 'info' | 'warn' | 'error',
    message: string,
    fields?: Record<string, unknown>,
  ): void {
    this.options.log?.(level, message, fields);
  }
}
