import { clientNetwork } from '@platform/http';
import { WindowLimiter } from './window-limiter';
import type { WindowLimits } from './window-limiter';

/**
 * A WindowLimiter on client addresses that counts each on its network (see clientNetwork: an IPv4
 * address itself, an IPv6 address its /64), so that rotating addresses within one /64, which costs
 * a client nothing, never buys it a fresh window.
 */
export class NetworkLimiter {
  private readonly windows: WindowLimiter;

  constructor(limits: WindowLimits, now: () => number = Date.now) {
    this.windows = new WindowLimiter(limits, now);
  }

  /** Milliseconds until a request from `address` may go on; 0 when it may now. */
  retryAfterMs(address: string): number {
    return this.windows.retryAfterMs(clientNetwork(address));
  }

  count(address: string): void {
    this.windows.count(clientNetwork(address));
  }

  /** Counts one more for `address`'s network unless it is over its limit (see WindowLimiter.take). */
  take(address: string): number {
    return this.windows.take(clientNetwork(address));
  }
}
