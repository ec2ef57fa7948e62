import { sql } from '@platform/event-store';
import type { Database, SqlRunner } from '@platform/event-store';

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
