import { IsBoolean, IsOptional } from 'class-validator';
import { ToFlag } from '@platform/http';

/** POST /v1/subscriptions/:id/cancel: no body = now. */
export class CancelSubscriptionDto {
  @IsOptional()
  @ToFlag()
  @IsBoolean({ message: 'The cancel_at_cycle_end must be 1 or 0.' })
  cancel_at_cycle_end?: boolean;
}
