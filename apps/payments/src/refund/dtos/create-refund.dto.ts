import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsAmount, IsNotes } from '@platform/http';
import type { Notes } from '@platform/http';

/** POST /v1/payments/:id/refund: without `amount`, everything still refundable. */
export class CreateRefundDto {
  /** At least 100 (₹1), unless it is exactly what is left to refund (the payment's rule). */
  @IsAmount('amount', { min: 1, optional: true }) amount?: number;

  @IsOptional()
  @IsIn(['normal', 'optimum'], { message: 'The speed must be normal or optimum.' })
  speed?: 'normal' | 'optimum';

  @IsOptional() @IsNotes() notes?: Notes;

  @IsOptional()
  @IsString({ message: 'The receipt must be a string.' })
  @MaxLength(40, { message: 'The receipt may not be greater than 40 characters.' })
  receipt?: string;
}
