import { ApiProperty } from '@nestjs/swagger';
import { Transform, Type } from 'class-transformer';
import {
  IsEmail,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { NETBANKING_BANKS, PAYMENT_METHODS, WALLETS } from '@platform/contracts';
import type { PaymentMethod } from '@platform/contracts';
import {
  IntegerOrDigits,
  IsAmount,
  IsNotes,
  IsSupportedCurrency,
  TextOrNumber,
} from '@platform/http';
import type { Notes } from '@platform/http';

const DIGITS = /^\d{1,4}$/;
const toInteger = ({ value }: { value: unknown }) =>
  typeof value === 'string' && DIGITS.test(value) ? Number(value) : value;

/**
 * The card as checkout collects it. Only its last 4 digits, network, type, issuer and flags are
 * kept; never the number or the CVV.
 */
export class SimulatedCardDto {
  /**
   * 12 to 19 digits, spaces allowed; must pass the Luhn check.
   *
   * @example "4111111111111111"
   */
  @IsString({ message: 'The card number must be a string.' })
  @Matches(/^[\d ]{12,23}$/, { message: 'The card number must be 12 to 19 digits.' })
  number!: string;

  /** @example "Gaurav Kumar" */
  @IsOptional()
  @IsString({ message: 'The card name must be a string.' })
  @MaxLength(100, { message: 'The card name may not be greater than 100 characters.' })
  name?: string;

  /** @example 12 */
  @IntegerOrDigits(DIGITS)
  @Transform(toInteger)
  @IsInt({ message: 'The expiry_month must be an integer.' })
  @Min(1, { message: 'The expiry_month must be between 1 and 12.' })
  @Max(12, { message: 'The expiry_month must be between 1 and 12.' })
  expiry_month!: number;

  /**
   * 2030 or 30 (two-digit years are 20xx). A card is valid through the last day of its expiry month
   * ("The card has expired.").
   *
   * @example 2035
   */
  @IntegerOrDigits(DIGITS)
  @Transform(toInteger)
  @IsInt({ message: 'The expiry_year must be an integer.' })
  @Min(0, { message: 'The expiry_year must be a year (e.g. 2030 or 30).' })
  @Max(9999, { message: 'The expiry_year must be a year (e.g. 2030 or 30).' })
  expiry_year!: number;

  /**
   * 3 digits; 4 for American Express ("The card cvv must be 3 digits.").
   *
   * @example "123"
   */
  @TextOrNumber()
  @Transform(({ value }) =>
    typeof value === 'number' && Number.isInteger(value) ? String(value) : value,
  )
  @IsString({ message: 'The cvv must be a string of digits.' })
  @Matches(/^\d{3,4}$/, { message: 'The cvv must be 3 or 4 digits.' })
  cvv!: string;
}

/**
 * What checkout collects from the payer, whatever is paid: the method and its instrument (the
 * field of the chosen method is required: "The <field> field is required when method is
 * <method>."; the fields of the other methods are not used, but still validated), the amount, and
 * the payer's details.
 */
export class CheckoutPaymentFieldsDto {
  /** A `upi_qr` code takes `upi` only; a `bharat_qr` code `upi` and `card`. */
  @IsIn(PAYMENT_METHODS, { message: `The method must be one of ${PAYMENT_METHODS.join(', ')}.` })
  method!: PaymentMethod;

  /**
   * Orders: default the order's amount due; without partial payments it must be exactly the amount
   * due, with them at most the amount due and at least first_payment_min_amount (first payment) or
   * 100, unless it pays all that is due. QR codes: default the code's payment_amount, which a
   * fixed-amount code requires; required for any other code.
   */
  @IsAmount('amount', { min: 100, optional: true }) amount?: number;
  /**
   * Default and only value allowed: the order's currency ("The currency must be the order currency
   * (<currency>)."), INR for a QR code ("The currency must be INR: QR codes take rupees.").
   */
  @IsSupportedCurrency() currency?: string;

  /**
   * The card as checkout collects it. Only its last 4 digits, network, type, issuer and flags are
   * kept; never the number or the CVV.
   */
  @IsOptional()
  @ValidateNested()
  @Type(() => SimulatedCardDto)
  @IsObject({ message: 'The card must be an object.' })
  card?: SimulatedCardDto;

  /**
   * method upi: the customer's UPI address (case-insensitive, stored lower case).
   *
   * @example "success@razorpay"
   */
  @IsOptional() @IsString({ message: 'The vpa must be a string.' }) vpa?: string;
  /** method netbanking: the bank code (case-insensitive). */
  @ApiProperty({ enum: NETBANKING_BANKS })
  @IsOptional()
  @IsString({ message: 'The bank must be a string (a bank code such as HDFC).' })
  bank?: string;
  /** method wallet (case-insensitive). */
  @ApiProperty({ enum: WALLETS })
  @IsOptional()
  @IsString({ message: 'The wallet must be a string.' })
  wallet?: string;

  /** @example "gaurav.kumar@example.com" */
  @IsOptional()
  @IsEmail({}, { message: 'The email must be a valid email address.' })
  email?: string;

  /**
   * 8 to 15 digits, optionally starting with +.
   *
   * @example "+919000090000"
   */
  @TextOrNumber()
  @IsOptional()
  @Transform(({ value }) =>
    typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value,
  )
  @IsString({ message: 'The contact must be a string or a number.' })
  @Matches(/^\+?[0-9]{8,15}$/, {
    message: 'The contact must be 8 to 15 digits, optionally starting with +.',
  })
  contact?: string;

  @IsOptional()
  @IsString({ message: 'The description must be a string.' })
  @MaxLength(255, { message: 'The description may not be greater than 255 characters.' })
  description?: string;

  /** @example {"source":"simulator"} */
  @IsOptional() @IsNotes() notes?: Notes;
}
