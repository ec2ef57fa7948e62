import { Injectable } from '@nestjs/common';
import type { CommandMetadata, Mode } from '@platform/domain-kit';
import type { RequestContext } from '@platform/http';

export interface ClockScope {
  accountId: string;
  mode: Mode;
  /** Test mode: seconds the account's test clock runs ahead (the gateway sends it with each request). */
  clockOffsetSeconds?: number;
}

/**
 * The time commands are decided at, per account and mode (DESIGN.md "Time"): real time, plus in test
 * mode the offset of the account's test clock. Scheduled jobs get their time from the scheduler,
 * which applies the same offset.
 */
@Injectable()
export class Clock {
  now(scope: ClockScope): number {
    return Date.now() + (scope.mode === 'test' ? (scope.clockOffsetSeconds ?? 0) * 1000 : 0);
  }

  /** What a command from this caller carries: who, in which mode, when (the account's clock). */
  metadata(caller: RequestContext): CommandMetadata {
    return {
      accountId: caller.accountId,
      mode: caller.mode,
      now: this.now(caller),
      requestId: caller.requestId,
      keyId: caller.keyId,
    };
  }
}
