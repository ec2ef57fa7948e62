import { Client } from 'pg';
import { WakeableSleep } from './wakeable-sleep';

export interface KeptSessionOptions {
  databaseUrl: string;
  /** What the session holds once connected (LISTEN, a session lock…); run again after every reconnect. */
  setUp: (client: Client) => Promise<void>;
  /** The session was lost (or could not be made): whatever it held is gone until `onReady`. */
  onLost?: (error: Error) => void;
  /** The session is set up (again). */
  onReady?: () => void;
  log?: (message: string) => void;
}

const MIN_BACKOFF_MS = 200;
const MAX_BACKOFF_MS = 5000;

/**
 * A PostgreSQL session of its own, kept for as long as the process wants it: when PostgreSQL restarts
 * or drops it, it says so (`onLost`), connects again with backoff and sets itself up again, until
 * `close()`. For what lives with a session (LISTEN, session-level advisory locks): one that silently
 * stopped after the first outage would leave caches never invalidated again, or a lock never held.
 */
export class KeptSession {
  private client: Client | null = null;
  private closed = false;
  private readonly retry = new WakeableSleep();
  private running: Promise<void> | null = null;

  constructor(private readonly options: KeptSessionOptions) {}

  /** Connected and set up right now. */
  get ready(): boolean {
    return this.client !== null;
  }

  /** Resolves once the first set-up is done, or failed (then it keeps trying in the background). */
  async start(): Promise<void> {
    let firstAttempt: () => void = () => undefined;
    const attempted = new Promise<void>((resolve) => (firstAttempt = resolve));
    this.running ??= this.keep(firstAttempt);
    await attempted;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.retry.close();
    await this.client?.end().catch(() => undefined);
    await this.running;
  }

  private async keep(firstAttempt: () => void): Promise<void> {
    let backoff = MIN_BACKOFF_MS;
    while (!this.closed) {
      const outcome = await this.holdUntilLost(firstAttempt).catch((error: Error) => ({
        error,
        held: false,
      }));
      firstAttempt();
      if (this.closed) return;
      // A session that was set up starts the backoff over; repeated failures to connect grow it.
      backoff = outcome.held ? MIN_BACKOFF_MS : Math.min(backoff * 2, MAX_BACKOFF_MS);
      this.options.log?.(
        `PostgreSQL session lost (${outcome.error.message}); connecting again in ${backoff} ms`,
      );
      this.options.onLost?.(outcome.error);
      await this.retry.sleep(backoff);
    }
  }

  /** Connects and sets up; resolves with the error that ended the session once it was set up. */
  private async holdUntilLost(setUpDone: () => void): Promise<{ error: Error; held: true }> {
    const client = new Client({ connectionString: this.options.databaseUrl });
    let lost: (error: Error) => void = () => undefined;
    const ended = new Promise<Error>((resolve) => (lost = resolve));
    client.on('error', lost);
    client.on('end', () => lost(new Error('connection ended')));
    try {
      await client.connect();
      await this.options.setUp(client);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      // close() came while connecting: it had no client to end yet.
      await client.end().catch(() => undefined);
      return { error: new Error('closed'), held: true };
    }
    this.client = client;
    this.options.onReady?.();
    setUpDone();
    const error = await ended;
    this.client = null;
    // Frees the socket after an error; not awaited, as pg's end() of a connection that has already
    // ended (close() ended it) waits for an 'end' event that has come and gone.
    void client.end().catch(() => undefined);
    return { error, held: true };
  }
}
