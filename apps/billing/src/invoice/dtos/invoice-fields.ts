import { Transform, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Length,
  Max,
  MaxLength,
  Min,
  MinLength,
  ValidateNested,
} from 'class-validator';
import { GST_RATES_PERCENT } from '@platform/domain-kit';
import { IsAmount, IsSupportedCurrency, MayBeOmitted, ToFlag } from '@platform/http';
import { CustomerContact, CustomerEmail, CustomerGstin } from '../../customer/dtos/customer-fields';
import { MAX_LINE_ITEMS } from '../invoice-amounts';

export class AddressDto {
  @IsString({ message: 'The line1 must be a string.' })
  @Length(1, 255, { message: 'The line1 must be 1 to 255 characters.' })
  line1!: string;
  @IsOptional()
  @IsString({ message: 'The line2 must be a string.' })
  @MaxLength(255, { message: 'The line2 may not be greater than 255 characters.' })
  line2?: string;
  @Transform(({ value }) => (typeof value === 'number' ? String(value) : value))
  @IsString({ message: 'The zipcode must be a string.' })
  @Length(2, 10, { message: 'The zipcode must be 2 to 10 characters.' })
  zipcode!: string;
  @IsString({ message: 'The city must be a string.' })
  @Length(1, 64, { message: 'The city must be 1 to 64 characters.' })
  city!: string;
  @IsOptional()
  @IsString({ message: 'The state must be a string.' })
  @MaxLength(64, { message: 'The state may not be greater than 64 characters.' })
  state?: string;
  @IsString({ message: 'The country must be a string.' })
  @Length(2, 64, { message: 'The country must be 2 to 64 characters.' })
  country!: string;
}

/** An invoice's customer given inline (instead of customer_id). */
export class InvoiceCustomerDto {
  @IsOptional()
  @IsString({ message: 'The customer.name must be a string.' })
  @Length(1, 255, { message: 'The customer.name must be 1 to 255 characters.' })
  name?: string;
  @CustomerEmail() email?: string;
  @CustomerContact() contact?: string;
  @CustomerGstin() gstin?: string;
  @IsOptional()
  @ValidateNested()
  @Type(() => AddressDto)
  @IsObject({ message: 'The billing_address must be an object.' })
  billing_address?: AddressDto;
  @IsOptional()
  @ValidateNested()
  @Type(() => AddressDto)
  @IsObject({ message: 'The shipping_address must be an object.' })
  shipping_address?: AddressDto;
}

/** A line: an item of the catalogue (`item_id`), or one written inline. */
export class LineItemDto {
  @IsOptional() @IsString({ message: 'The item_id must be a string.' }) item_id?: string;
  @IsOptional()
  @IsString({ message: 'The name must be a string.' })
  @MinLength(1, { message: 'The name may not be empty.' })
  @MaxLength(255, { message: 'The name may not be greater than 255 characters.' })
  name?: string;
  @IsOptional()
  @IsString({ message: 'The description must be a string.' })
  @MaxLength(2048, { message: 'The description may not be greater than 2048 characters.' })
  description?: string;
  @IsAmount('amount', { min: 1, optional: true }) amount?: number;
  @IsSupportedCurrency() currency?: string;
  @IsOptional()
  @IsInt({ message: 'The quantity must be an integer.' })
  @Min(1, { message: 'The quantity must be at least 1.' })
  @Max(100000, { message: 'The quantity may not be greater than 100000.' })
  quantity?: number;
  @IsOptional()
  @IsIn(GST_RATES_PERCENT, {
    message: `The tax_rate must be one of ${GST_RATES_PERCENT.join(', ')} (percent).`,
  })
  tax_rate?: number;
  @IsOptional()
  @ToFlag()
  @IsBoolean({ message: 'The tax_inclusive must be true or false.' })
  tax_inclusive?: boolean;
  @IsOptional()
  @IsString({ message: 'The hsn_code must be a string.' })
  @MaxLength(8, { message: 'The hsn_code may not be greater than 8 characters.' })
  hsn_code?: string;
  @IsOptional()
  @IsString({ message: 'The sac_code must be a string.' })
  @MaxLength(6, { message: 'The sac_code may not be greater than 6 characters.' })
  sac_code?: string;
  @IsOptional()
  @IsString({ message: 'The unit must be a string.' })
  @MaxLength(32, { message: 'The unit may not be greater than 32 characters.' })
  unit?: string;
}

/**
 * A PATCH's line: with `id` it names a line of the invoice, which takes the fields sent and keeps the
 * others; without, it is a new line (written as POST writes one).
 */
export class LineItemEditDto extends LineItemDto {
  @IsOptional() @IsString({ message: 'The id must be a string.' }) id?: string;
}

/** May be left out (a PATCH keeping the lines), but `null` is not an array of lines. */
export const LineItems = (line: typeof LineItemDto) => (target: object, property: string) => {
  MayBeOmitted()(target, property);
  ValidateNested({ each: true, message: 'The line_items must be an array of line item objects.' })(
    target,
    property,
  );
  Type(() => line)(target, property);
  ArrayMaxSize(MAX_LINE_ITEMS, {
    message: `An invoice may have at most ${MAX_LINE_ITEMS} line items.`,
  })(target, property);
  IsArray({ message: 'The line_items must be an array.' })(target, property);
};
