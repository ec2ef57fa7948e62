import type { DataSource, EntityManager } from 'typeorm';

/**
 * Runs `work` once per (consumer, message id): the inbox row is inserted in the same transaction as
 * the work, so a redelivered message is recognised and skipped, and a failed attempt leaves no trace.
 * Returns false for a duplicate.
 */
export async function handleOnce(dataSource: DataSource, consumer: string, messageId: string, work: (manager: EntityManager) => Promise<void>): Promise<boolean> {
  return dataSource.transaction(async (manager) => {
    const inserted: unknown[] = await manager.query('INSERT INTO inbox (consumer, message_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1', [consumer, messageId]);
    if (inserted.length === 0) return false;
    await work(manager);
    return true;
  });
}
