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

/**
 * The newer way to say payment_capture: `automatic` is payment_capture 1, `manual` is 0
 * (`capture_options` are not supported). Sent with a payment_capture that says the opposite, the
 * order is refused ("The payment.capture and payment_capture disagree: send one of them.").
 */
export class OrderPaymentOptionsDto {
  @IsIn(['automatic', 'manual'], { message: 'The payment.capture must be automatic or manual.' })
  capture!: 'automatic' | 'manual';
}

/**
 * Unknown fields are refused (400 naming the field: "<field> is/are not required and should not be
 * sent").
 *
 * @example {"amount":50000,"currency":"INR","receipt":"receipt#1","notes":{"shipping":"express"}}
 */
export class CreateOrderDto {
  /** What the customer pays. */
  @IsAmount('amount', { min: 100 }) amount!: number;
  /**
   * Upper case.
   *
   * @defaultValue "INR"
   */
  @IsSupportedCurrency() currency?: string;

  /**
   * Your reference. A second order with the same receipt in the account and mode is refused ("An
   * order with this receipt already exists.").
   *
   * @example "receipt#1"
   */
  @IsOptional()
  @IsString({ message: 'The receipt must be a string.' })
  @MaxLength(40, { message: 'The receipt may not be greater than 40 characters.' })
  receipt?: string;

  /** @example {"shipping":"express"} */
  @IsOptional() @IsNotes() notes?: Notes;

  /**
   * Several payments may add up to the amount: each at most the amount due and at least 100 (the
   * first at least first_payment_min_amount when set), unless it pays all that is due. Without it a
   * payment must be exactly the amount due.
   *
   * @defaultValue false
   */
  @IsOptional()
  @ToFlag()
  @IsBoolean({ message: 'The partial_payment must be 0 or 1 (or true or false).' })
  partial_payment?: boolean;

  /**
   * With partial_payment only ("The first_payment_min_amount is allowed only with
   * partial_payment."): the least the first payment may be; at most the amount.
   */
  @IsAmount('first_payment_min_amount', { min: 100, optional: true })
  first_payment_min_amount?: number;

  /**
   * Capture the order's payments at once (1/true), or leave them `authorized` (0/false, the
   * default) until captured with POST /v1/payments/{id}/capture; a payment not captured within 3
   * days of its creation is refunded in full automatically.
   *
   * @defaultValue false
   */
  @IsOptional()
  @ToFlag()
  @IsBoolean({ message: 'The payment_capture must be 0 or 1 (or true or false).' })
  payment_capture?: boolean;

  /**
   * The newer way to say payment_capture: `automatic` is payment_capture 1, `manual` is 0
   * (`capture_options` are not supported). Sent with a payment_capture that says the opposite, the
   * order is refused ("The payment.capture and payment_capture disagree: send one of them.").
   */
  @IsOptional()
  @ValidateNested()
  @Type(() => OrderPaymentOptionsDto)
  @IsObject({ message: 'The payment must be an object.' })
  payment?: OrderPaymentOptionsDto;
}
