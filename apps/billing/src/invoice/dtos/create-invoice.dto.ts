import { Transform, Type } from 'class-transformer';
import {
  IsBoolean,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  Length,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { IsSupportedCurrency, IsNotes, IsUnixTime, MayBeOmitted, ToFlag } from '@platform/http';
import type { Notes } from '@platform/http';
import { InvoiceCustomerDto, LineItemDto, LineItems } from './invoice-fields';

/** The fields of an invoice that POST sets and PATCH may change (PATCH: any subset); the lines differ (see each). */
export class InvoiceFieldsDto {
  @IsOptional() @IsIn(['invoice', 'link'], { message: 'The type must be invoice or link.' }) type?:
    'invoice' | 'link';
  @IsOptional()
  @IsString({ message: 'The description must be a string.' })
  @MaxLength(2048, { message: 'The description may not be greater than 2048 characters.' })
  description?: string;
  @IsOptional() @IsString({ message: 'The customer_id must be a string.' }) customer_id?: string;
  @MayBeOmitted()
  @ValidateNested()
  @Type(() => InvoiceCustomerDto)
  @IsObject({ message: 'The customer must be an object.' })
  customer?: InvoiceCustomerDto;
  @IsSupportedCurrency() currency?: string;
  @IsUnixTime('expire_by', { optional: true }) expire_by?: number;
  @IsUnixTime('date', { optional: true }) date?: number;
  @IsOptional()
  @ToFlag()
  @IsBoolean({ message: 'The partial_payment must be true or false (or 1 or 0).' })
  partial_payment?: boolean;
  @IsOptional()
  @ToFlag()
  @IsBoolean({ message: 'The sms_notify must be 1 or 0.' })
  sms_notify?: boolean;
  @IsOptional()
  @ToFlag()
  @IsBoolean({ message: 'The email_notify must be 1 or 0.' })
  email_notify?: boolean;
  @IsOptional()
  @Transform(({ value }) => (typeof value === 'number' ? String(value) : value))
  @IsString({ message: 'The receipt must be a string.' })
  @Length(1, 40, { message: 'The receipt must be 1 to 40 characters.' })
  receipt?: string;
  @IsOptional() @IsNotes() notes?: Notes;
}

/** POST /v1/invoices: `draft: '1'` keeps it a draft; otherwise it is issued at once. */
export class CreateInvoiceDto extends InvoiceFieldsDto {
  @LineItems(LineItemDto) line_items?: LineItemDto[];
  @IsOptional() @ToFlag() @IsBoolean({ message: "The draft must be '1' or '0'." }) draft?: boolean;
}
