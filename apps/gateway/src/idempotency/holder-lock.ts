import { randomBytes } from 'node:crypto';
import { Logger } from '@nestjs/common';
import { WakeableSleep } from '@platform/messaging';
import { Client } from 'pg';

const MAX_BACKOFF_MS = 5000;

/**
 * This gateway process's sign of life for the keys it claims: a PostgreSQL session-level advisory
 * lock on a random key, held on a connection of its own for as long as the process lives. When the
 * process dies its connection closes and PostgreSQL releases the lock at once, so another replica can
 * tell that a claim's holder is gone (see IdempotencyStore's CLAIM) instead of waiting out the
 * longest a live request may take. After PostgreSQL drops the connection the lock is taken again.
 */
export class HolderLock {
  /** Positive and below 2^62, so pg_locks' (classid << 32 | objid) gives it back as is. */
  readonly id = (randomBytes(8).readBigUInt64BE() >> 2n).toString();
  private readonly logger = new Logger('HolderLock');
  private readonly retry = new WakeableSleep();
  private client: Client | null = null;
  private closed = false;
  private running: Promise<void> | null = null;

  constructor(private readonly databaseUrl: string) {}

  start(): void {
    this.running ??= this.keepHolding();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.retry.wake();
    await this.client?.end().catch(() => undefined);
    await this.running;
  }

  private async keepHolding(): Promise<void> {
    for (let backoff = 200; !this.closed; backoff = Math.min(backoff * 2, MAX_BACKOFF_MS)) {
      const lost = await this.holdUntilLost().catch((error: Error) => error);
      if (this.closed) return;
      if (lost === 'held') backoff = 200;
      this.logger.warn(`lost the idempotency holder lock (${lost === 'held' ? 'connection closed' : lost.message}); taking it again in ${backoff} ms`);
      await this.retry.sleep(backoff);
    }
  }

  /** Connects and takes the lock; resolves when the connection is lost. */
  private async holdUntilLost(): Promise<'held'> {
    const client = new Client({ connectionString: this.databaseUrl });
    let lost: () => void = () => undefined;
    const ended = new Promise<void>((resolve) => (lost = resolve));
    client.on('error', () => lost());
    client.on('end', () => lost());
    await client.connect();
    await client.query('SELECT pg_advisory_lock($1::bigint)', [this.id]);
    if (this.closed) {
      await client.end().catch(() => undefined);
      return 'held';
    }
    this.client = client;
    await ended;
    this.client = null;
    void client.end().catch(() => undefined);
    return 'held';
  }
}
