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
import { IsAmount, IsNotes, IsUnixTime, ToFlag } from '@platform/http';
import type { Notes } from '@platform/http';

const GSTIN = /^[0-9]{2}[A-Z]{5}[0-9]{4}[A-Z][1-9A-Z]Z[0-9A-Z]$/;

/** GST details of a GST-compliant QR code (reference 2.6): all optional, stored and returned. */
export class TaxInvoiceDto {
  @IsOptional()
  @IsString({ message: 'The tax_invoice.number must be a string.' })
  @MaxLength(40, { message: 'The tax_invoice.number may not be greater than 40 characters.' })
  number?: string;

  @IsUnixTime('tax_invoice.date', { min: 0, optional: true })
  date?: number;

  @IsOptional()
  @IsString({ message: 'The tax_invoice.customer_name must be a string.' })
  @MaxLength(100, {
    message: 'The tax_invoice.customer_name may not be greater than 100 characters.',
  })
  customer_name?: string;

  @IsOptional()
  @IsString({ message: 'The tax_invoice.business_gstin must be a string.' })
  @Matches(GSTIN, { message: 'The tax_invoice.business_gstin is not a valid GSTIN.' })
  business_gstin?: string;

  @IsAmount('tax_invoice.gst_amount', { min: 0, optional: true })
  gst_amount?: number;

  @IsAmount('tax_invoice.cess_amount', { min: 0, optional: true })
  cess_amount?: number;

  @IsOptional()
  @IsIn(['interstate', 'intrastate'], {
    message: 'The tax_invoice.supply_type must be interstate or intrastate.',
  })
  supply_type?: 'interstate' | 'intrastate';
}

/** POST /v1/payments/qr_codes. */
export class CreateQrCodeDto {
  @IsIn(['upi_qr', 'bharat_qr'], { message: 'The type must be upi_qr or bharat_qr.' })
  type!: 'upi_qr' | 'bharat_qr';

  @IsOptional()
  @IsString({ message: 'The name must be a string.' })
  @MaxLength(100, { message: 'The name may not be greater than 100 characters.' })
  name?: string;

  @IsOptional()
  @IsIn(['single_use', 'multiple_use'], {
    message: 'The usage must be single_use or multiple_use.',
  })
  usage?: 'single_use' | 'multiple_use';

  @IsOptional()
  @ToFlag()
  @IsBoolean({ message: 'The fixed_amount must be true or false (or 1 or 0).' })
  fixed_amount?: boolean;

  @IsAmount('payment_amount', { min: 1, optional: true }) payment_amount?: number;

  @IsOptional()
  @IsString({ message: 'The description must be a string.' })
  @MaxLength(255, { message: 'The description may not be greater than 255 characters.' })
  description?: string;

  @IsOptional()
  @IsString({ message: 'The customer_id must be a string.' })
  customer_id?: string;

  /** Unix seconds; a number string is read as that number (close_by is an integer in the SDK's types). */
  @IsOptional()
  @Transform(({ value }) =>
    typeof value === 'string' && /^\d{1,12}$/.test(value) ? Number(value) : value,
  )
  @IsUnixTime('close_by', { min: 0 })
  close_by?: number;

  @IsOptional() @IsNotes() notes?: Notes;

  @IsOptional()
  @ValidateNested()
  @Type(() => TaxInvoiceDto)
  @IsObject({ message: 'The tax_invoice must be an object.' })
  tax_invoice?: TaxInvoiceDto;
}
