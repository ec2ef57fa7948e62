import { IsBoolean, IsOptional, IsString, Matches, MaxLength, ValidateIf } from 'class-validator';
import { IsAmount, IsNotes, ToFlag } from '@platform/http';
import type { Notes } from '@platform/http';

/** POST /v1/settlements/ondemand: `amount` (paise) or `settle_full_balance`, which takes all that is available. */
export class CreateOndemandSettlementDto {
  /** Ignored (not checked) with settle_full_balance, as Razorpay does. */
  @ValidateIf((dto: CreateOndemandSettlementDto) => dto.settle_full_balance !== true)
  @IsAmount('amount', { min: 100, optional: true })
  amount?: number;

  @IsOptional()
  @ToFlag()
  @IsBoolean({ message: 'The settle_full_balance must be true or false.' })
  settle_full_balance?: boolean;

  @IsOptional()
  @IsString({ message: 'The description must be a string.' })
  @MaxLength(30, { message: 'The description may not be greater than 30 characters.' })
  @Matches(/^[A-Za-z0-9 ]*$/, {
    message: 'The description may contain only letters, digits and spaces.',
  })
  description?: string;

  @IsOptional() @IsNotes() notes?: Notes;
}
