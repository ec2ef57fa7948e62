export interface WindowLimits {
  /** What a key (a client address, an API key id) may count in one window before it is refused. */
  max: number;
  windowMs: number;
  /** Keys tracked at most: the oldest window is dropped first, so memory stays bounded. */
  maxKeys?: number;
}

interface Window {
  count: number;
  endsAt: number;
}

const MAX_KEYS = 10_000;

/**
 * Counts per key in fixed windows (failed authentications per client network and per key id,
 * Checkout's requests per client network and per key id). A key over the limit is refused until
 * its window ends, whatever it sends then: refusing only further failures would tell a guesser
 * which attempt succeeded.
 */
export class WindowLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limits: WindowLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until `key` may go on; 0 when it may now. */
  retryAfterMs(key: string): number {
    const window = this.current(key);
    return window && window.count >= this.limits.max ? window.endsAt - this.now() : 0;
  }

  count(key: string): void {
    const window = this.current(key) ?? { count: 0, endsAt: this.now() + this.limits.windowMs };
    window.count++;
    this.windows.delete(key); // re-inserted last: the Map's order is the eviction order
    this.windows.set(key, window);
    if (this.windows.size > (this.limits.maxKeys ?? MAX_KEYS))
      this.windows.delete(this.windows.keys().next().value as string);
  }

  /**
   * Counts one more for `key` unless it is over its limit: then the milliseconds until it may go on
   * (nothing counted), else 0.
   */
  take(key: string): number {
    const retryAfterMs = this.retryAfterMs(key);
    if (retryAfterMs === 0) this.count(key);
    return retryAfterMs;
  }

  private current(key: string): Window | undefined {
    const window = this.windows.get(key);
    if (window && window.endsAt <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return window;
  }
}
