import { Client } from 'pg';
import { WakeableSleep } from './wakeable-sleep';

export interface NotificationListenerOptions {
  databaseUrl: string;
  channel: string;
  /** A `NOTIFY <channel>, '<payload>'` arrived. */
  onNotification: (payload: string) => void;
  /**
   * The connection was lost (or could not be made): notifications sent until `onListening` may have
   * been missed, so whatever they keep up to date must be treated as stale.
   */
  onLost?: (error: Error) => void;
  /** LISTEN is in place (again): from now on every notification arrives. */
  onListening?: () => void;
  log?: (message: string) => void;
}

const MIN_BACKOFF_MS = 200;
const MAX_BACKOFF_MS = 5000;

/**
 * One connection that LISTENs on a channel and keeps doing so: when PostgreSQL restarts or drops it,
 * it says so (`onLost`) and connects again with backoff until `close()`. A listener that silently
 * stopped after the first outage would leave caches that are never invalidated again.
 */
export class NotificationListener {
  private client: Client | null = null;
  private closed = false;
  private readonly retry = new WakeableSleep();
  private running: Promise<void> | null = null;

  constructor(private readonly options: NotificationListenerOptions) {}

  get listening(): boolean {
    return this.client !== null;
  }

  /** Resolves once the first LISTEN is in place, or failed (then it keeps trying in the background). */
  async start(): Promise<void> {
    let firstAttempt: () => void = () => undefined;
    const attempted = new Promise<void>((resolve) => (firstAttempt = resolve));
    this.running ??= this.keepListening(firstAttempt);
    await attempted;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.retry.wake();
    await this.client?.end().catch(() => undefined);
    await this.running;
  }

  private async keepListening(firstAttempt: () => void): Promise<void> {
    let backoff = MIN_BACKOFF_MS;
    while (!this.closed) {
      const outcome = await this.listenUntilLost(firstAttempt).catch((error: Error) => ({ error, listened: false }));
      firstAttempt();
      if (this.closed) return;
      // A connection that was listening starts the backoff over; repeated failures to connect grow it.
      backoff = outcome.listened ? MIN_BACKOFF_MS : Math.min(backoff * 2, MAX_BACKOFF_MS);
      this.options.log?.(`LISTEN ${this.options.channel} lost (${outcome.error.message}); reconnecting in ${backoff} ms`);
      this.options.onLost?.(outcome.error);
      await this.retry.sleep(backoff);
    }
  }

  /** Connects and LISTENs; resolves with the error that ended the connection once it listened. */
  private async listenUntilLost(listening: () => void): Promise<{ error: Error; listened: true }> {
    const client = new Client({ connectionString: this.options.databaseUrl });
    let lost: (error: Error) => void = () => undefined;
    const ended = new Promise<Error>((resolve) => (lost = resolve));
    client.on('error', lost);
    client.on('end', () => lost(new Error('connection ended')));
    client.on('notification', (message) => message.payload !== undefined && this.options.onNotification(message.payload));
    try {
      await client.connect();
      await client.query(`LISTEN ${this.options.channel}`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      // close() came while connecting: it had no client to end yet.
      await client.end().catch(() => undefined);
      return { error: new Error('closed'), listened: true };
    }
    this.client = client;
    this.options.onListening?.();
    listening();
    const error = await ended;
    this.client = null;
    // Frees the socket after an error; not awaited, as pg's end() of a connection that has already
    // ended (close() ended it) waits for an 'end' event that has come and gone.
    void client.end().catch(() => undefined);
    return { error, listened: true };
  }
}
