import { Logger } from '@nestjs/common';
import type { OnApplicationShutdown, OnModuleInit } from '@nestjs/common';
import { NotificationListener } from '@platform/messaging';
import type { MaybePromise } from './maybe-promise';

/**
 * A per-replica cache of small per-account facts (API keys, test clock offsets, features), dropped
 * entry by entry when any replica sends `NOTIFY <channel>, '<key>'` in the transaction that changed
 * the fact. Only while the notifications are heard: when the listening connection is lost (PostgreSQL
 * restarted), the cache is dropped and every read goes to the database until LISTEN is back, so no
 * change made meanwhile (a revoked key) is ever answered from a stale entry.
 */
export class NotifiedCache<T> {
  private readonly entries = new Map<string, T>();
  private readonly listener: NotificationListener;
  /** Counts invalidations: a value loaded while one arrived may predate it and is not kept. */
  private invalidations = 0;

  /** `keep` says which loaded values are worth caching (e.g. not "unknown key", which anyone can ask for). */
  constructor(
    databaseUrl: string,
    channel: string,
    private readonly keep: (value: T) => boolean = () => true,
  ) {
    const logger = new Logger(`NotifiedCache:${channel}`);
    this.listener = new NotificationListener({
      databaseUrl,
      channel,
      onNotification: (key) => {
        this.invalidations++;
        this.entries.delete(key);
      },
      onLost: () => {
        this.invalidations++;
        this.entries.clear();
      },
      log: (message) => logger.warn(message),
    });
  }

  listen(): Promise<void> {
    return this.listener.start();
  }

  close(): Promise<void> {
    return this.listener.close();
  }

  /** The cached value, at hand (no promise) on a hit; else `load()`'s, kept if nothing changed meanwhile. */
  get(key: string, load: () => Promise<T>): MaybePromise<T> {
    const hit = this.entries.get(key);
    if (hit !== undefined || this.entries.has(key)) return hit as T;
    return this.loadAndKeep(key, load);
  }

  private async loadAndKeep(key: string, load: () => Promise<T>): Promise<T> {
    const before = this.invalidations;
    const value = await load();
    if (this.listener.listening && before === this.invalidations && this.keep(value))
      this.entries.set(key, value);
    return value;
  }

  /** This replica's next read sees `value` at once, not when its own NOTIFY arrives. */
  set(key: string, value: T): void {
    if (this.listener.listening) this.entries.set(key, value);
  }

  /** Forgets one entry now (this replica changed the fact; the others hear the NOTIFY). */
  delete(key: string): void {
    this.entries.delete(key);
  }
}

/**
 * A gateway registry that caches in a NotifiedCache on `channel`: it hears the channel from module
 * init until shutdown.
 */
export abstract class NotifiedCacheRegistry<T> implements OnModuleInit, OnApplicationShutdown {
  protected readonly cache: NotifiedCache<T>;

  protected constructor(databaseUrl: string, channel: string, keep?: (value: T) => boolean) {
    this.cache = new NotifiedCache<T>(databaseUrl, channel, keep);
  }

  onModuleInit(): Promise<void> {
    return this.cache.listen();
  }

  onApplicationShutdown(): Promise<void> {
    return this.cache.close();
  }
}
