import { IsBoolean, IsOptional } from 'class-validator';
import { ToFlag } from '@platform/http';

/**
 * No body (or `cancel_at_cycle_end` 0): cancelled now. `cancel_at_cycle_end` 1: cancelled at the
 * end of the current cycle.
 *
 * @example {"cancel_at_cycle_end":1}
 */
// POST /v1/subscriptions/:id/cancel: no body = now.
export class CancelSubscriptionDto {
  /**
   * 1: cancel at `current_end` instead of now ("The cancel_at_cycle_end must be 1 or 0.").
   *
   * @defaultValue false
   */
  @IsOptional()
  @ToFlag()
  @IsBoolean({ message: 'The cancel_at_cycle_end must be 1 or 0.' })
  cancel_at_cycle_end?: boolean;
}
