import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { IsAmount, IsSupportedCurrency, IsNotes, ToFlag } from '@platform/http';
import type { Notes } from '@platform/http';

/** `payment.capture`: the newer way to say payment_capture (capture_options are not supported). */
export class OrderPaymentOptionsDto {
  @IsIn(['automatic', 'manual'], { message: 'The payment.capture must be automatic or manual.' })
  capture!: 'automatic' | 'manual';
}

export class CreateOrderDto {
  @IsAmount('amount', { min: 100 }) amount!: number;
  @IsSupportedCurrency() currency?: string;

  @IsOptional()
  @IsString({ message: 'The receipt must be a string.' })
  @MaxLength(40, { message: 'The receipt may not be greater than 40 characters.' })
  receipt?: string;

  @IsOptional() @IsNotes() notes?: Notes;

  @IsOptional()
  @ToFlag()
  @IsBoolean({ message: 'The partial_payment must be 0 or 1 (or true or false).' })
  partial_payment?: boolean;

  @IsAmount('first_payment_min_amount', { min: 100, optional: true })
  first_payment_min_amount?: number;

  /** Capture payments at once (1/true) or leave them authorized until captured through the API (default). */
  @IsOptional()
  @ToFlag()
  @IsBoolean({ message: 'The payment_capture must be 0 or 1 (or true or false).' })
  payment_capture?: boolean;

  @IsOptional()
  @ValidateNested()
  @Type(() => OrderPaymentOptionsDto)
  @IsObject({ message: 'The payment must be an object.' })
  payment?: OrderPaymentOptionsDto;
}
