import { Injectable } from '@nestjs/common';
import { ValidationFailed } from '@platform/domain-kit';
import type { Mode } from '@platform/domain-kit';
import { TestBank } from '../test-bank/test-bank';
import type { Acquirer } from './acquirer';

export const NO_LIVE_ACQUIRER =
  'Live payments need an acquirer, and none is configured on this platform.';

/**
 * Which acquirer serves each mode: test mode's payments go to the test bank; live mode has none
 * today, so live payments are refused (and GET /v1/checkout/preferences says `acquirer: null`).
 * This is the one place a real acquirer is registered: construct it here (from the service's
 * configuration) as `live` (docs/acquirers.md).
 */
@Injectable()
export class AcquirerDirectory {
  private readonly byMode: Readonly<Record<Mode, Acquirer | null>> = {
    test: new TestBank(),
    live: null,
  };

  /** The mode's acquirer, or null when none is configured. */
  find(mode: Mode): Acquirer | null {
    return this.byMode[mode];
  }

  /** The acquirer of this name (the one a created payment's challenge is with), or null. */
  named(name: string): Acquirer | null {
    return Object.values(this.byMode).find((acquirer) => acquirer?.name === name) ?? null;
  }

  /** The mode's acquirer; none: the payment is refused before anything is recorded. */
  of(mode: Mode): Acquirer {
    const acquirer = this.find(mode);
    if (!acquirer) throw new ValidationFailed(NO_LIVE_ACQUIRER);
    return acquirer;
  }
}
