import { applyDecorators } from '@nestjs/common';
import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  IsArray,
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { GST_RATES_PERCENT } from '@platform/domain-kit';
import { IsAmount, IsSupportedCurrency, TextOrNumber } from '@platform/http';
import type { ValidationArguments } from 'class-validator';
import type { BillPaymentMethod, ReceiptDelivery, ReceiptType } from '../bill.events';

export const RECEIPT_TYPES: readonly ReceiptType[] = [
  'tax_invoice',
  'sales_invoice',
  'credit_note',
];
export const RECEIPT_DELIVERIES: readonly ReceiptDelivery[] = [
  'digital',
  'print',
  'digital_and_print',
];
export const PAYMENT_METHODS: readonly BillPaymentMethod[] = [
  'card',
  'upi',
  'netbanking',
  'wallet',
  'cash',
  'other',
];
export const MAX_LINE_ITEMS = 100;
export const MAX_PAYMENTS = 10;
export const MAX_QUANTITY = 1_000_000;
/** Far beyond any receipt, and inside a bigint column. */
export const MAX_TIMESTAMP = 9_999_999_999;
/** Up to 15 digits including the country code, optionally after a +. */
const CONTACT = /^\+?[0-9]{8,15}$/;
/** HSN (goods) and SAC (services) codes: 2 to 8 digits. */
const HSN = /^[0-9]{2,8}$/;

/**
 * Present unless undefined: a field of PATCH that, when sent, is checked as in POST (null is refused
 * rather than read as "not sent").
 */
export const Sent = () => ValidateIf((_object, value) => value !== undefined);

const text = (field: string, min: number, max: number) =>
  applyDecorators(
    Length(min, max, {
      message:
        min === 0
          ? `The ${field} may not be greater than ${max} characters.`
          : `The ${field} must be between ${min} and ${max} characters.`,
    }),
    IsString({ message: `The ${field} must be a string.` }),
  );

/** The customer of the bill, sent whole (PATCH replaces it whole). */
export class BillCustomerDto {
  /** @example "Gaurav Kumar" */
  @IsOptional() @text('customer.name', 1, 255) name?: string;

  /**
   * 8 to 15 digits, optionally after a +; a number is read as its digits.
   *
   * @example "+919000090000"
   */
  // The SDK-style number is accepted and stored as text.
  @IsString({ message: 'The customer.contact must be a string.' })
  @Matches(CONTACT, {
    message: 'The customer.contact must be 8 to 15 digits, optionally starting with +.',
  })
  @Transform(({ value }) =>
    typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value,
  )
  @TextOrNumber()
  contact!: string;

  @IsOptional()
  @IsString({ message: 'The customer.email must be a string.' })
  @MaxLength(64, { message: 'The customer.email may not be greater than 64 characters.' })
  @IsEmail({}, { message: 'The customer.email must be a valid email address.' })
  email?: string;
}

export class BillLineItemDto {
  @text('name', 1, 255) name!: string;
  @IsOptional() @text('description', 0, 2048) description?: string;

  @IsInt({ message: 'The quantity must be an integer.' })
  @Min(1, { message: 'The quantity must be at least 1.' })
  @Max(MAX_QUANTITY, { message: `The quantity may not be greater than ${MAX_QUANTITY}.` })
  quantity!: number;

  /** The price of one unit. */
  @IsAmount('unit_amount', { min: 0 }) unit_amount!: number;
  @IsOptional() @text('unit', 1, 64) unit?: string;
  /** HSN or SAC code. */
  @IsOptional()
  @IsString({ message: 'The hsn_code must be a string.' })
  @Matches(HSN, { message: 'The hsn_code must be 2 to 8 digits.' })
  hsn_code?: string;
  /**
   * Percent, one of the GST slabs (converted once to basis points: no floating point in any
   * amount). Absent: untaxed.
   */
  @IsOptional()
  @IsIn(GST_RATES_PERCENT, {
    message: `The tax_rate must be one of ${GST_RATES_PERCENT.join(', ')} (percent).`,
  })
  tax_rate?: number;
  /** @defaultValue false */
  @IsOptional()
  @IsBoolean({ message: 'The tax_inclusive must be true or false.' })
  tax_inclusive?: boolean;
}

export class BillPaymentDto {
  @IsIn(PAYMENT_METHODS, { message: `The method must be one of ${PAYMENT_METHODS.join(', ')}.` })
  method!: BillPaymentMethod;
  /** The amount paid. */
  @IsAmount('amount', { min: 1 }) amount!: number;
  /** @defaultValue "INR" */
  @IsSupportedCurrency() currency?: string;
  @IsOptional() @text('reference', 1, 255) reference?: string;
}

const total = (field: string) =>
  applyDecorators(
    IsOptional(),
    Min(0, { message: `The receipt_summary.${field} must be at least 0.` }),
    IsInt({ message: `The receipt_summary.${field} must be an integer.` }),
  );

/**
 * Optional totals of your own: the platform always computes them, and each one sent must equal its
 * computed value, else 400 naming it, e.g. "The receipt_summary.net_payable_amount must be 35400,
 * as computed from the line items (35401 was sent)." (field `receipt_summary.net_payable_amount`).
 */
export class BillSummaryDto {
  @total('total_quantity') total_quantity?: number;
  @total('sub_total_amount') sub_total_amount?: number;
  @total('tax_amount') tax_amount?: number;
  @total('net_payable_amount') net_payable_amount?: number;
}

export const ReceiptNumber = () => text('receipt_number', 1, 40);

export const ReceiptTimestamp = () =>
  applyDecorators(
    Max(MAX_TIMESTAMP, {
      message: `The receipt_timestamp may not be greater than ${MAX_TIMESTAMP}.`,
    }),
    Min(1, { message: 'The receipt_timestamp must be greater than 0.' }),
    IsInt({ message: 'The receipt_timestamp must be an integer (unix seconds).' }),
  );

export const ReceiptTypeField = () =>
  IsIn(RECEIPT_TYPES, { message: `The receipt_type must be one of ${RECEIPT_TYPES.join(', ')}.` });
export const ReceiptDeliveryField = () =>
  IsIn(RECEIPT_DELIVERIES, {
    message: `The receipt_delivery must be one of ${RECEIPT_DELIVERIES.join(', ')}.`,
  });

/**
 * Nested objects and lists. class-validator reports a value that is not an object (or null) as a
 * failed nested validation, after the other checks: its message says what the field must be.
 */
const nested = (field: string, list: boolean) =>
  ValidateNested({
    each: list,
    message: (args: ValidationArguments) =>
      list && Array.isArray(args.value)
        ? `Each of the ${field} must be an object.`
        : `The ${field} must be ${list ? 'an array' : 'an object'}.`,
  });

export const CustomerField = () =>
  applyDecorators(
    IsObject({ message: 'The customer must be an object.' }),
    nested('customer', false),
    Type(() => BillCustomerDto),
  );

export const LineItemsField = () =>
  applyDecorators(
    nested('line_items', true),
    Type(() => BillLineItemDto),
    ArrayMaxSize(MAX_LINE_ITEMS, {
      message: `The line_items may not have more than ${MAX_LINE_ITEMS} items.`,
    }),
    ArrayMinSize(1, { message: 'The line_items must have at least 1 item.' }),
    IsArray({ message: 'The line_items must be an array.' }),
  );

export const PaymentsField = () =>
  applyDecorators(
    nested('payments', true),
    Type(() => BillPaymentDto),
    ArrayMaxSize(MAX_PAYMENTS, {
      message: `The payments may not have more than ${MAX_PAYMENTS} items.`,
    }),
    IsArray({ message: 'The payments must be an array.' }),
  );

export const SummaryField = () =>
  applyDecorators(
    IsObject({ message: 'The receipt_summary must be an object.' }),
    nested('receipt_summary', false),
    Type(() => BillSummaryDto),
  );
