import { randomBytes } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { KeptSession } from '@platform/messaging';

/**
 * This gateway process's sign of life for the keys it claims: a PostgreSQL session-level advisory
 * lock on a random key, held in a session of its own (a KeptSession, taken again after PostgreSQL
 * drops it) for as long as the process lives. When the process dies its connection closes and
 * PostgreSQL releases the lock at once, so another replica can tell that a claim's holder is gone
 * (see IdempotencyStore's CLAIM) instead of waiting out the longest a live request may take.
 */
export class HolderLock {
  /** Positive and below 2^62, so pg_locks' (classid << 32 | objid) gives it back as is. */
  readonly id = (randomBytes(8).readBigUInt64BE() >> 2n).toString();
  private readonly session: KeptSession;

  constructor(databaseUrl: string) {
    const logger = new Logger('HolderLock');
    this.session = new KeptSession({
      databaseUrl,
      setUp: async (client) =>
        void (await client.query('SELECT pg_advisory_lock($1::bigint)', [this.id])),
      log: (message) => logger.warn(`idempotency holder lock: ${message}`),
    });
  }

  start(): void {
    void this.session.start();
  }

  close(): Promise<void> {
    return this.session.close();
  }
}
