import { IsIn, IsOptional, IsString } from 'class-validator';
import { DISPUTE_PHASES, DISPUTE_REASONS } from '@platform/contracts';
import type { DisputePhase } from '@platform/contracts';
import { IsAmount } from '@platform/http';

/** POST /v1/simulator/disputes: a customer's bank disputes a captured payment (test keys only). */
export class SimulateDisputeDto {
  @IsString({ message: 'The payment_id field is required: the captured payment disputed.' })
  payment_id!: string;

  /** Default: all that can still be disputed (captured, not refunded, not disputed). */
  @IsAmount('amount', { min: 1, optional: true }) amount?: number;

  @IsOptional()
  @IsIn(Object.keys(DISPUTE_REASONS), {
    message: `The reason_code must be one of ${Object.keys(DISPUTE_REASONS).join(', ')}.`,
  })
  reason_code?: string;

  @IsOptional()
  @IsIn(DISPUTE_PHASES, { message: `The phase must be one of ${DISPUTE_PHASES.join(', ')}.` })
  phase?: DisputePhase;
}
