import { IsBoolean, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { IsAmount, IsNotes, ToFlag } from '@platform/http';
import type { Notes } from '@platform/http';

/**
 * Unknown fields are refused (400 naming the field: "<field> is/are not required and should not be
 * sent").
 *
 * @example {"amount":200000,"description":"Payout for June"}
 * @example {"settle_full_balance":true}
 */
// POST /v1/settlements/ondemand: `amount` (paise) or `settle_full_balance`, which takes all that is
// available.
export class CreateOndemandSettlementDto {
  /**
   * What to take from the balance, fees included. Required unless `settle_full_balance` is true
   * ("The amount field is required."), and then ignored; at most what is available ("The amount
   * requested is more than the balance available for settlement: <paise> (₹<rupees>) is
   * available.").
   *
   * @example 200000
   */
  // Ignored (not checked) with settle_full_balance, as Razorpay does.
  @ValidateIf((dto: CreateOndemandSettlementDto) => dto.settle_full_balance !== true)
  @IsAmount('amount', { min: 100, optional: true })
  amount?: number;

  /**
   * Take all that is available ("There is no balance to settle: ₹<rupees> is available." when that
   * is less than ₹1).
   *
   * @defaultValue false
   */
  @IsOptional()
  @ToFlag()
  @IsBoolean({ message: 'The settle_full_balance must be true or false.' })
  settle_full_balance?: boolean;

  /**
   * Your label ("The description may not be greater than 30 characters.", "The description may
   * contain only letters, digits and spaces.").
   *
   * @example "Payout for June"
   */
  @IsOptional()
  @IsString({ message: 'The description must be a string.' })
  @MaxLength(30, { message: 'The description may not be greater than 30 characters.' })
  @Matches(/^[A-Za-z0-9 ]*$/, {
    message: 'The description may contain only letters, digits and spaces.',
  })
  description?: string;

  /** @example {"purpose":"vendor payments"} */
  @IsOptional() @IsNotes() notes?: Notes;
}
