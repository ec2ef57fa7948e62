export interface FailedAuthLimits {
  /** Failed authentications an address may make in one window before it is refused. */
  maxFailures: number;
  windowMs: number;
  /** Addresses tracked at most: the oldest window is dropped first, so memory stays bounded. */
  maxAddresses?: number;
}

interface Window {
  failures: number;
  endsAt: number;
}

const MAX_ADDRESSES = 10_000;

/**
 * Counts failed authentications per client address in fixed windows. An address over the limit is
 * refused until its window ends, whatever it presents then: refusing only further failures would tell
 * a guesser which attempt succeeded.
 */
export class FailedAuthLimiter {
  private readonly windows = new Map<string, Window>();

  constructor(
    private readonly limits: FailedAuthLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Milliseconds until `address` may try again; 0 when it may now. */
  retryAfterMs(address: string): number {
    const window = this.current(address);
    return window && window.failures >= this.limits.maxFailures ? window.endsAt - this.now() : 0;
  }

  recordFailure(address: string): void {
    const window = this.current(address) ?? {
      failures: 0,
      endsAt: this.now() + this.limits.windowMs,
    };
    window.failures++;
    this.windows.delete(address); // re-inserted last: the Map's order is the eviction order
    this.windows.set(address, window);
    if (this.windows.size > (this.limits.maxAddresses ?? MAX_ADDRESSES))
      this.windows.delete(this.windows.keys().next().value as string);
  }

  private current(address: string): Window | undefined {
    const window = this.windows.get(address);
    if (window && window.endsAt <= this.now()) {
      this.windows.delete(address);
      return undefined;
    }
    return window;
  }
}
