import { sql } from '@platform/event-store';
import type { Database, SqlFragment, SqlRunner } from '@platform/event-store';
import { composeWith } from '@platform/event-store';

const RECORD = sql('inbox.record', 'INSERT INTO inbox (consumer, message_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1');

/**
 * Runs `work` once per (consumer, message id): the inbox row is inserted in the same transaction as
 * the work, so a redelivered message is recognised and skipped, and a failed attempt leaves no trace.
 * Returns false for a duplicate.
 */
export async function handleOnce(database: Database, consumer: string, messageId: string, work: (tx: SqlRunner) => Promise<void>): Promise<boolean> {
  return database.transaction(async (tx) => {
    const inserted = await tx.query(RECORD, [consumer, messageId]);
    if (inserted.length === 0) return false;
    await work(tx);
    return true;
  });
}

/**
 * The same guarantee as handleOnce in one statement, for an effect that is a single write: `effect`
 * must read from the CTE `inboxed`, which has one row for a new message and none for a duplicate
 * (e.g. `INSERT INTO t (…) SELECT $1, … FROM inboxed ON CONFLICT …`). Returns false for a duplicate.
 */
export async function recordOnce(db: SqlRunner, consumer: string, messageId: string, effect: SqlFragment): Promise<boolean> {
  const { statement, values } = composeWith(
    [
      { name: 'inboxed', fragment: { text: 'INSERT INTO inbox (consumer, message_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1', values: [consumer, messageId] } },
      { name: 'effect', fragment: effect },
    ],
    'SELECT count(*)::int AS recorded FROM inboxed',
  );
  const [{ recorded }] = await db.query<{ recorded: number }>(statement, values);
  return recorded === 1;
}
