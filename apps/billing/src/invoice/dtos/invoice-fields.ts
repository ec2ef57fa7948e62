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
import {
  EntityIdField,
  IsAmount,
  IsSupportedCurrency,
  MayBeOmitted,
  TextOrNumber,
  ToFlag,
} from '@platform/http';
import { CustomerContact, CustomerEmail, CustomerGstin } from '../../common/dtos/customer-fields';
import { MAX_LINE_ITEMS } from '../invoice-amounts';

/** An address of the customer (`billing_address`, `shipping_address`): an object, else 400. */
export class AddressDto {
  @IsString({ message: 'The line1 must be a string.' })
  @Length(1, 255, { message: 'The line1 must be 1 to 255 characters.' })
  line1!: string;
  @IsOptional()
  @IsString({ message: 'The line2 must be a string.' })
  @MaxLength(255, { message: 'The line2 may not be greater than 255 characters.' })
  line2?: string;
  /** A number is read as its digits. */
  @TextOrNumber()
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

/**
 * The other way: the customer written inline, with its addresses, kept on the invoice as sent. It
 * is also the account's billing customer, made with the invoice (in the same step) or, when the
 * account has a customer of the same email and contact, that one; the invoice's `customer_id` names
 * it. A name alone always makes a new customer. Not with `customer_id`.
 */
export class InvoiceCustomerDto {
  /** @example "Gaurav Kumar" */
  @IsOptional()
  @IsString({ message: 'The customer.name must be a string.' })
  @Length(1, 255, { message: 'The customer.name must be 1 to 255 characters.' })
  name?: string;
  /** Where email notifications go. */
  @CustomerEmail() email?: string;
  /**
   * 8 to 15 digits, optionally after a + ("The contact must be 8 to 15 digits, optionally starting
   * with +."); where sms notifications go.
   *
   * @example "+919000090000"
   */
  @CustomerContact() contact?: string;
  /** The 2-digit state code, then 13 letters or digits ("The gstin is not a valid GSTIN."). */
  @CustomerGstin() gstin?: string;
  /** The billing address ("The billing_address must be an object."). */
  @IsOptional()
  @ValidateNested()
  @Type(() => AddressDto)
  @IsObject({ message: 'The billing_address must be an object.' })
  billing_address?: AddressDto;
  /** The shipping address ("The shipping_address must be an object."). */
  @IsOptional()
  @ValidateNested()
  @Type(() => AddressDto)
  @IsObject({ message: 'The shipping_address must be an object.' })
  shipping_address?: AddressDto;
}

/** A line: an item of the catalogue (`item_id`), or one written inline. */
export class LineItemDto {
  @EntityIdField('item')
  @IsOptional()
  @IsString({ message: 'The item_id must be a string.' })
  item_id?: string;
  @IsOptional()
  @IsString({ message: 'The name must be a string.' })
  @MinLength(1, { message: 'The name may not be empty.' })
  @MaxLength(255, { message: 'The name may not be greater than 255 characters.' })
  name?: string;
  @IsOptional()
  @IsString({ message: 'The description must be a string.' })
  @MaxLength(2048, { message: 'The description may not be greater than 2048 characters.' })
  description?: string;
  /** The price of one unit. */
  @IsAmount('amount', { min: 1, optional: true }) amount?: number;
  /** An inline line's currency; default: the invoice's. */
  @IsSupportedCurrency() currency?: string;
  /** @defaultValue 1 */
  @IsOptional()
  @IsInt({ message: 'The quantity must be an integer.' })
  @Min(1, { message: 'The quantity must be at least 1.' })
  @Max(100000, { message: 'The quantity may not be greater than 100000.' })
  quantity?: number;
  /**
   * Percent, one of the GST slabs ("The tax_rate must be one of 0, 0.1, 0.25, 1, 1.5, 3, 5, 12, 18,
   * 28 (percent)."). Absent: untaxed.
   */
  @IsOptional()
  @IsIn(GST_RATES_PERCENT, {
    message: `The tax_rate must be one of ${GST_RATES_PERCENT.join(', ')} (percent).`,
  })
  tax_rate?: number;
  /**
   * true: the amount includes the tax, which is carved out of it; false: the tax is added to it.
   *
   * @defaultValue false
   */
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
  /** The line to change; absent: a new line. */
  @EntityIdField('li')
  @IsOptional()
  @IsString({ message: 'The id must be a string.' })
  id?: string;
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
