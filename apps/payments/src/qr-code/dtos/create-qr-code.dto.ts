import { Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { IntegerOrDigits, IsAmount, IsNotes, IsUnixTime, ToFlag } from '@platform/http';
import type { Notes } from '@platform/http';

/** A Unix time sent as digits (close_by is an integer in the SDK's types, a string in some clients). */
const UNIX_TIME_DIGITS = /^\d{1,12}$/;
const GSTIN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/**
 * GST details of a GST-compliant code, all optional: stored and returned as sent ("The tax_invoice
 * must be an object.").
 *
 * @example {
 *   "number": "INV-001",
 *   "date": 1767225600,
 *   "customer_name": "Gaurav Kumar",
 *   "business_gstin": "29ABCDE1234F1Z5",
 *   "gst_amount": 540,
 *   "cess_amount": 0,
 *   "supply_type": "intrastate"
 * }
 */
export class TaxInvoiceDto {
  /**
   * The invoice number ("The tax_invoice.number may not be greater than 40 characters.").
   *
   * @example "INV-001"
   */
  @IsOptional()
  @IsString({ message: 'The tax_invoice.number must be a string.' })
  @MaxLength(40, { message: 'The tax_invoice.number may not be greater than 40 characters.' })
  number?: string;

  /** The invoice date, Unix seconds ("The tax_invoice.date must be a Unix time (seconds)."). */
  @IsUnixTime('tax_invoice.date', { min: 0, optional: true })
  date?: number;

  /** @example "Gaurav Kumar" */
  @IsOptional()
  @IsString({ message: 'The tax_invoice.customer_name must be a string.' })
  @MaxLength(100, {
    message: 'The tax_invoice.customer_name may not be greater than 100 characters.',
  })
  customer_name?: string;

  /**
   * Your GSTIN ("The tax_invoice.business_gstin is not a valid GSTIN.").
   *
   * @example "29ABCDE1234F1Z5"
   */
  @IsOptional()
  @IsString({ message: 'The tax_invoice.business_gstin must be a string.' })
  @Matches(GSTIN, { message: 'The tax_invoice.business_gstin is not a valid GSTIN.' })
  business_gstin?: string;

  /**
   * In the smallest currency unit ("The tax_invoice.gst_amount must be an integer in the smallest
   * currency unit.").
   *
   * @example 540
   */
  @IsAmount('tax_invoice.gst_amount', { min: 0, optional: true })
  gst_amount?: number;

  /**
   * In the smallest currency unit ("The tax_invoice.cess_amount must be an integer in the smallest
   * currency unit.").
   */
  @IsAmount('tax_invoice.cess_amount', { min: 0, optional: true })
  cess_amount?: number;

  /** "The tax_invoice.supply_type must be interstate or intrastate." */
  @IsOptional()
  @IsIn(['interstate', 'intrastate'], {
    message: 'The tax_invoice.supply_type must be interstate or intrastate.',
  })
  supply_type?: 'interstate' | 'intrastate';
}

/**
 * Unknown fields are refused (400 naming the field: "<field> is/are not required and should not be
 * sent"), also inside `tax_invoice`.
 *
 * @example {
 *   "type": "upi_qr",
 *   "name": "Store Front",
 *   "usage": "single_use",
 *   "fixed_amount": true,
 *   "payment_amount": 30000,
 *   "description": "Table 7",
 *   "close_by": 1893456000,
 *   "notes": {
 *     "till": "4"
 *   }
 * }
 *
 * @example {"type":"bharat_qr","name":"Counter 1","usage":"multiple_use"}
 */
// POST /v1/payments/qr_codes.
export class CreateQrCodeDto {
  /**
   * Required ("The type must be upi_qr or bharat_qr."). `upi_qr` takes UPI payments only,
   * `bharat_qr` UPI and cards. UPI QR codes are an account feature, per mode: on by default in test
   * mode, off in live mode until the platform's operator switches it on (admin API); without it:
   * "UPI QR codes are not enabled for this account in this mode."
   */
  @IsIn(['upi_qr', 'bharat_qr'], { message: 'The type must be upi_qr or bharat_qr.' })
  type!: 'upi_qr' | 'bharat_qr';

  /**
   * Shown to the payer by UPI apps.
   *
   * @example "Store Front"
   */
  @IsOptional()
  @IsString({ message: 'The name must be a string.' })
  @MaxLength(100, { message: 'The name may not be greater than 100 characters.' })
  name?: string;

  /**
   * `single_use` codes need `fixed_amount` true ("A single_use QR code must have fixed_amount
   * true."); they close after their payment, at `close_by`, or 45 days after their creation without
   * one.
   *
   * @defaultValue "multiple_use"
   */
  @IsOptional()
  @IsIn(['single_use', 'multiple_use'], {
    message: 'The usage must be single_use or multiple_use.',
  })
  usage?: 'single_use' | 'multiple_use';

  /**
   * Payments on the code must be exactly `payment_amount`; without it a payment may be any amount
   * of at least 100 ("The fixed_amount must be true or false (or 1 or 0).").
   *
   * @defaultValue false
   */
  @IsOptional()
  @ToFlag()
  @IsBoolean({ message: 'The fixed_amount must be true or false (or 1 or 0).' })
  fixed_amount?: boolean;

  /**
   * With `fixed_amount` only: required with it ("The payment_amount field is required when
   * fixed_amount is true."), refused without it ("The payment_amount is allowed only when
   * fixed_amount is true."); "The payment_amount must be at least 100.".
   */
  @IsAmount('payment_amount', { min: 1, optional: true }) payment_amount?: number;

  /** Shown to the payer by UPI apps (the note of the UPI intent). */
  @IsOptional()
  @IsString({ message: 'The description must be a string.' })
  @MaxLength(255, { message: 'The description may not be greater than 255 characters.' })
  description?: string;

  /**
   * A customer of the account and mode; any other id is answered 400 "The id provided does not
   * exist" (field `customer_id`).
   *
   * @example "cust_1Aa00000000001"
   */
  @IsOptional()
  @IsString({ message: 'The customer_id must be a string.' })
  customer_id?: string;

  /**
   * Single-use codes only ("The close_by is allowed only for single_use QR codes."): when the code
   * closes by itself, Unix seconds (an integer string is read as that number; anything else: "The
   * close_by must be a Unix time in seconds."). At least 15 minutes after the current time on the
   * account's clock ("The close_by must be at least 15 minutes after the current time."), at most
   * 2147483647 ("The close_by may not be greater than 2147483647.").
   */
  @IntegerOrDigits(UNIX_TIME_DIGITS)
  @IsOptional()
  @Transform(({ value }) =>
    typeof value === 'string' && UNIX_TIME_DIGITS.test(value) ? Number(value) : value,
  )
  @IsUnixTime('close_by', { min: 0 })
  close_by?: number;

  /** @example {"till":"4"} */
  @IsOptional() @IsNotes() notes?: Notes;

  /**
   * GST details of a GST-compliant code, all optional: stored and returned as sent ("The
   * tax_invoice must be an object.").
   *
   * @example {
   *   "number": "INV-001",
   *   "date": 1767225600,
   *   "customer_name": "Gaurav Kumar",
   *   "business_gstin": "29ABCDE1234F1Z5",
   *   "gst_amount": 540,
   *   "cess_amount": 0,
   *   "supply_type": "intrastate"
   * }
   */
  @IsOptional()
  @ValidateNested()
  @Type(() => TaxInvoiceDto)
  @IsObject({ message: 'The tax_invoice must be an object.' })
  tax_invoice?: TaxInvoiceDto;
}
