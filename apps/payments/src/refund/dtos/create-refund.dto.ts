import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import { IsAmount, IsNotes } from '@platform/http';
import type { Notes } from '@platform/http';

/**
 * Every field is optional: `{}` (or no body at all, sent without a Content-Type) refunds everything
 * still refundable, at normal speed. Unknown fields are refused (400 naming the field).
 *
 * @example {"amount":10000,"speed":"optimum","notes":{"reason":"goodwill"},"receipt":"refund#1"}
 */
export class CreateRefundDto {
  /**
   * Default: all that was captured and not yet refunded. May not be more than that ("The refund
   * amount provided is greater than amount captured and not yet refunded (<left>)."). At least 100,
   * unless it is exactly what is left ("The amount must be at least 100.").
   */
  @IsAmount('amount', { min: 1, optional: true }) amount?: number;

  /**
   * `optimum`: processed at once (`speed_processed` `instant`). `normal`: processed 5 days after
   * creation, on the account's clock (test mode: POST /v1/simulator/clock/advance moves it).
   *
   * @defaultValue "normal"
   */
  @IsOptional()
  @IsIn(['normal', 'optimum'], { message: 'The speed must be normal or optimum.' })
  speed?: 'normal' | 'optimum';

  /** @example {"reason":"goodwill"} */
  @IsOptional() @IsNotes() notes?: Notes;

  /** Your reference for the refund. */
  @IsOptional()
  @IsString({ message: 'The receipt must be a string.' })
  @MaxLength(40, { message: 'The receipt may not be greater than 40 characters.' })
  receipt?: string;
}
