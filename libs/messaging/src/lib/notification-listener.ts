import { KeptSession } from './kept-session';

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

/**
 * One connection that LISTENs on a channel and keeps doing so (a KeptSession): when PostgreSQL
 * restarts or drops it, it says so (`onLost`) and listens again once it is back.
 */
export class NotificationListener {
  private readonly session: KeptSession;

  constructor(options: NotificationListenerOptions) {
    this.session = new KeptSession({
      databaseUrl: options.databaseUrl,
      setUp: async (client) => {
        client.on(
          'notification',
          (message) => message.payload !== undefined && options.onNotification(message.payload),
        );
        await client.query(`LISTEN ${options.channel}`);
      },
      onLost: options.onLost,
      onReady: options.onListening,
      log: options.log && ((message) => options.log?.(`LISTEN ${options.channel}: ${message}`)),
    });
  }

  get listening(): boolean {
    return this.session.ready;
  }

  /** Resolves once the first LISTEN is in place, or failed (then it keeps trying in the background). */
  start(): Promise<void> {
    return this.session.start();
  }

  close(): Promise<void> {
    return this.session.close();
  }
}
