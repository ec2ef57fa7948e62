import type { Pool } from 'undici';
import type { ApiKeyRegistry } from '../account/api-key-registry';
import type { FeatureRegistry } from '../account-feature/feature-registry';
import type { AuthFailures } from '../cache/auth-failures';
import type { WindowLimiter } from '../cache/window-limiter';
import type { IdempotencyStore } from '../idempotency/idempotency-store';
import type { RouteEntry, ServiceName } from '../proxy/route-table';
import type { TestClockRegistry } from '../test-clock/test-clock.registry';
import type { BuiltFile } from './checkout-files';

export interface CheckoutOptions {
  /** The key-id-only operations of the document, each with the service that serves it. */
  routes: readonly RouteEntry[];
  keys: ApiKeyRegistry;
  clocks: TestClockRegistry;
  features: FeatureRegistry;
  idempotency: IdempotencyStore;
  /** Failed authentications per client network and per key id, shared with the key-pair API. */
  failures: AuthFailures;
  upstreams: Record<ServiceName, string>;
  internalToken: string;
  /** The checkout app's build (CHECKOUT_DIR). */
  directory: string;
  limits: { perKeyPerMinute: number; perAddressPerMinute: number };
  bodyLimitBytes: number;
}

/** The parts of Checkout the gateway's routes need. */
export interface CheckoutContext extends CheckoutOptions {
  build: Map<string, BuiltFile>;
  perKey: WindowLimiter;
  poolOf(service: ServiceName): Pool;
}
