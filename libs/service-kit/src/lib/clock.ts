import { Injectable } from '@nestjs/common';
import type { Mode } from '@platform/domain-kit';

/**
 * The time commands are decided at, per account and mode. The system clock here; test mode's
 * advanceable account clocks replace it where they exist (DESIGN.md "Time").
 */
@Injectable()
export class Clock {
  now(_scope: { accountId: string; mode: Mode }): number {
    return Date.now();
  }
}
