import { sql } from '@platform/event-store';
import type { SqlRunner } from '@platform/event-store';

/** A message a consumer gave up on, as received, with why. */
export interface NewDeadLetter {
  topic: string;
  partition: number;
  offset: string;
  key: string | null;
  headers: Record<string, string>;
  /** The value's bytes as they came (it may not even be text). */
  value: Buffer | null;
  /** The handler's inbox name, or the consumer group for a message that is no event at all. */
  consumer: string;
  eventId: string | null;
  eventType: string | null;
  error: string;
  attempts: number;
  firstFailedAt: Date;
}

export interface DeadLetter extends NewDeadLetter {
  id: string;
  deadAt: Date;
  replayedAt: Date | null;
}

/** How a dead letter is shown to operators (admin API, ops command): the API's snake_case, unix seconds. */
export interface DeadLetterView {
  id: string;
  topic: string;
  partition: number;
  offset: string;
  key: string | null;
  headers: Record<string, string>;
  /** The value as UTF-8 text. */
  value: string | null;
  consumer: string;
  event_id: string | null;
  event_type: string | null;
  error: string;
  attempts: number;
  first_failed_at: number;
  dead_at: number;
  replayed_at: number | null;
}

interface DeadLetterRow {
  id: string;
  topic: string;
  partition: number;
  message_offset: string;
  message_key: string | null;
  headers: Record<string, string>;
  value: Buffer | null;
  consumer: string;
  event_id: string | null;
  event_type: string | null;
  error: string;
  attempts: number;
  first_failed_at: Date;
  dead_at: Date;
  replayed_at: Date | null;
}

const COLUMNS =
  'id, topic, partition, message_offset, message_key, headers, value, consumer, event_id, event_type, error, attempts, first_failed_at, dead_at, replayed_at';

/** A redelivered message that was already given up on (a crash before its offset was committed) adds nothing. */
const RECORD = sql(
  'dead-letters.record',
  `INSERT INTO dead_letters (topic, partition, message_offset, message_key, headers, value, consumer, event_id, event_type, error, attempts, first_failed_at)
   VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
   ON CONFLICT (topic, partition, message_offset, consumer) DO NOTHING RETURNING id`,
);
const LIST = sql(
  'dead-letters.list',
  `SELECT ${COLUMNS} FROM dead_letters WHERE (replayed_at IS NULL OR NOT $1) ORDER BY id LIMIT $2`,
);
const LOCK = sql(
  'dead-letters.lock',
  `SELECT ${COLUMNS} FROM dead_letters WHERE id = $1 FOR UPDATE`,
);
const MARK_REPLAYED = sql(
  'dead-letters.mark-replayed',
  'UPDATE dead_letters SET replayed_at = now() WHERE id = $1',
);
const REPLAY_FAILED = sql(
  'dead-letters.replay-failed',
  'UPDATE dead_letters SET attempts = attempts + 1, error = $2 WHERE id = $1 RETURNING attempts',
);
const NOT_REPLAYED_IDS = sql(
  'dead-letters.not-replayed-ids',
  'SELECT id FROM dead_letters WHERE replayed_at IS NULL ORDER BY id',
);
const COUNT_NOT_REPLAYED = sql(
  'dead-letters.count-not-replayed',
  'SELECT count(*)::int AS n FROM dead_letters WHERE replayed_at IS NULL',
);

/** Keeps the message; false when this message was already a dead letter of this consumer. */
export async function recordDeadLetter(db: SqlRunner, letter: NewDeadLetter): Promise<boolean> {
  const rows = await db.query(RECORD, [
    letter.topic,
    letter.partition,
    letter.offset,
    letter.key,
    JSON.stringify(letter.headers),
    letter.value,
    letter.consumer,
    letter.eventId,
    letter.eventType,
    letter.error,
    letter.attempts,
    letter.firstFailedAt,
  ]);
  return rows.length > 0;
}

/** Oldest first; only those not replayed yet unless `all`. */
export async function listDeadLetters(
  db: SqlRunner,
  { all = false, limit = 100 }: { all?: boolean; limit?: number } = {},
): Promise<DeadLetter[]> {
  return (await db.query<DeadLetterRow>(LIST, [!all, limit])).map(fromRow);
}

/** The dead letter, locked until the end of `tx` (one replay at a time); null if there is none. */
export async function lockDeadLetter(tx: SqlRunner, id: string): Promise<DeadLetter | null> {
  const [row] = await tx.query<DeadLetterRow>(LOCK, [id]);
  return row ? fromRow(row) : null;
}

export async function markReplayed(tx: SqlRunner, id: string): Promise<void> {
  await tx.query(MARK_REPLAYED, [id]);
}

/** Counts one more failed attempt and keeps its error; returns the attempts so far. */
export async function recordFailedReplay(
  db: SqlRunner,
  id: string,
  error: string,
): Promise<number> {
  const [row] = await db.query<{ attempts: number }>(REPLAY_FAILED, [id, error]);
  return row?.attempts ?? 0;
}

export async function deadLetterIdsNotReplayed(db: SqlRunner): Promise<string[]> {
  return (await db.query<{ id: string }>(NOT_REPLAYED_IDS)).map((row) => row.id);
}

export async function countDeadLettersNotReplayed(db: SqlRunner): Promise<number> {
  const [row] = await db.query<{ n: number }>(COUNT_NOT_REPLAYED);
  return row?.n ?? 0;
}

export function deadLetterView(letter: DeadLetter): DeadLetterView {
  const seconds = (at: Date) => Math.floor(at.getTime() / 1000);
  return {
    id: letter.id,
    topic: letter.topic,
    partition: letter.partition,
    offset: letter.offset,
    key: letter.key,
    headers: letter.headers,
    value: letter.value === null ? null : letter.value.toString('utf8'),
    consumer: letter.consumer,
    event_id: letter.eventId,
    event_type: letter.eventType,
    error: letter.error,
    attempts: letter.attempts,
    first_failed_at: seconds(letter.firstFailedAt),
    dead_at: seconds(letter.deadAt),
    replayed_at: letter.replayedAt === null ? null : seconds(letter.replayedAt),
  };
}

/** An error as kept with its dead letter: the message and the first lines of its stack. */
export function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  const stack = (error.stack ?? '')
    .split('\n')
    .slice(1, 4)
    .map((line) => line.trim());
  return [`${error.name}: ${error.message}`, ...stack].join('\n');
}

function fromRow(row: DeadLetterRow): DeadLetter {
  return {
    id: String(row.id),
    topic: row.topic,
    partition: row.partition,
    offset: String(row.message_offset),
    key: row.message_key,
    headers: row.headers,
    value: row.value,
    consumer: row.consumer,
    eventId: row.event_id,
    eventType: row.event_type,
    error: row.error,
    attempts: row.attempts,
    firstFailedAt: row.first_failed_at,
    deadAt: row.dead_at,
    replayedAt: row.replayed_at,
  };
}
