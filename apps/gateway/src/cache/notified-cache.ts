import { Logger } from '@nestjs/common';
import { Client } from 'pg';

/**
 * A per-replica cache of small per-account facts (test clock offsets, features), dropped entry by
 * entry when any replica sends `NOTIFY <channel>, '<key>'` in the transaction that changed the fact.
 * If the listening connection is lost, the whole cache is dropped: facts are read again.
 */
export class NotifiedCache<T> {
  private readonly logger: Logger;
  private readonly entries = new Map<string, T>();
  private listener: Client | null = null;

  constructor(
    private readonly databaseUrl: string,
    private readonly channel: string,
  ) {
    this.logger = new Logger(`NotifiedCache:${channel}`);
  }

  async listen(): Promise<void> {
    const listener = new Client({ connectionString: this.databaseUrl });
    listener.on('notification', (message) => message.payload && this.entries.delete(message.payload));
    listener.on('error', (error) => {
      this.logger.error(`listener lost: ${error.message}; clearing the cache`);
      this.entries.clear();
    });
    await listener.connect();
    await listener.query(`LISTEN ${this.channel}`);
    this.listener = listener;
  }

  async close(): Promise<void> {
    await this.listener?.end().catch(() => undefined);
  }

  async get(key: string, load: () => Promise<T>): Promise<T> {
    if (this.entries.has(key)) return this.entries.get(key) as T;
    const value = await load();
    this.entries.set(key, value);
    return value;
  }

  /** This replica's next read sees `value` at once, not when its own NOTIFY arrives. */
  set(key: string, value: T): void {
    this.entries.set(key, value);
  }
}
