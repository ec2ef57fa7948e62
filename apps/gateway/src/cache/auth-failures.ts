import { NetworkLimiter } from './network-limiter';
import { WindowLimiter } from './window-limiter';

export interface AuthFailureLimits {
  /** Failures a client network (an IPv4 address, an IPv6 /64) may count in a minute. */
  perNetworkPerMinute: number;
  /** Failures a credential (an API key id, the admin token) may count in a minute, from anywhere. */
  perCredentialPerMinute: number;
}

/** What a request presented, as failures are counted on it: an API key id, or the admin token. */
export type Credential = { keyId: string } | 'admin token';

/**
 * Failed authentications, counted on the client's network and on the credential presented: rotating
 * addresses within one /64 is one network, and guessing one key's secret (or the admin token) from
 * many networks is still counted on that key. Past either limit every request with it is refused
 * until its minute ends (see WindowLimiter), the right secret too.
 */
export class AuthFailures {
  private readonly networks: NetworkLimiter;
  private readonly credentials: WindowLimiter;

  constructor(limits: AuthFailureLimits, now: () => number = Date.now) {
    this.networks = new NetworkLimiter({ max: limits.perNetworkPerMinute, windowMs: 60_000 }, now);
    this.credentials = new WindowLimiter(
      { max: limits.perCredentialPerMinute, windowMs: 60_000 },
      now,
    );
  }

  /** Milliseconds until a request from `address` (presenting `credential`) may go on; 0 when it may now. */
  retryAfterMs(address: string, credential?: Credential): number {
    return Math.max(
      this.networks.retryAfterMs(address),
      credential ? this.credentials.retryAfterMs(credentialKey(credential)) : 0,
    );
  }

  count(address: string, credential?: Credential): void {
    this.networks.count(address);
    if (credential) this.credentials.count(credentialKey(credential));
  }
}

const credentialKey = (credential: Credential): string =>
  credential === 'admin token' ? 'admin token' : `key ${credential.keyId}`;
