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
import { PAYMENT_METHODS } from '@platform/contracts';
import type { PaymentMethod } from '@platform/contracts';
import { IsAmount, IsSupportedCurrency, IsNotes } from '@platform/http';
import type { Notes } from '@platform/http';

const toInteger = ({ value }: { value: unknown }) =>
  typeof value === 'string' && /^\d{1,4}$/.test(value) ? Number(value) : value;

/** The card as checkout collects it. Only last4, network, type, issuer and the flags are kept. */
export class SimulatedCardDto {
  @IsString({ message: 'The card number must be a string.' })
  @Matches(/^[\d ]{12,23}$/, { message: 'The card number must be 12 to 19 digits.' })
  number!: string;

  @IsOptional()
  @IsString({ message: 'The card name must be a string.' })
  @MaxLength(100, { message: 'The card name may not be greater than 100 characters.' })
  name?: string;

  @Transform(toInteger)
  @IsInt({ message: 'The expiry_month must be an integer.' })
  @Min(1, { message: 'The expiry_month must be between 1 and 12.' })
  @Max(12, { message: 'The expiry_month must be between 1 and 12.' })
  expiry_month!: number;

  @Transform(toInteger)
  @IsInt({ message: 'The expiry_year must be an integer.' })
  @Min(0, { message: 'The expiry_year must be a year (e.g. 2030 or 30).' })
  @Max(9999, { message: 'The expiry_year must be a year (e.g. 2030 or 30).' })
  expiry_year!: number;

  @Transform(({ value }) =>
    typeof value === 'number' && Number.isInteger(value) ? String(value) : value,
  )
  @IsString({ message: 'The cvv must be a string of digits.' })
  @Matches(/^\d{3,4}$/, { message: 'The cvv must be 3 or 4 digits.' })
  cvv!: string;
}

/** POST /v1/simulator/payments: what checkout (or a UPI app scanning a QR code) would send (test keys only). */
export class SimulatePaymentDto {
  /** What is paid: an order, a QR code, a billing invoice, or a subscription's authorization (exactly one of them). */
  @IsOptional()
  @IsString({ message: 'The order_id must be a string.' })
  order_id?: string;

  @IsOptional()
  @IsString({ message: 'The invoice_id must be a string.' })
  invoice_id?: string;

  /** A billing subscription's authorization payment: the card is saved for its cycles. */
  @IsOptional()
  @IsString({ message: 'The subscription_id must be a string.' })
  subscription_id?: string;

  @IsOptional()
  @IsString({ message: 'The qr_code_id must be a string.' })
  qr_code_id?: string;

  @IsIn(PAYMENT_METHODS, { message: `The method must be one of ${PAYMENT_METHODS.join(', ')}.` })
  method!: PaymentMethod;

  /** Default: the order's amount due. */
  @IsAmount('amount', { min: 100, optional: true }) amount?: number;
  @IsSupportedCurrency() currency?: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => SimulatedCardDto)
  @IsObject({ message: 'The card must be an object.' })
  card?: SimulatedCardDto;

  @IsOptional() @IsString({ message: 'The vpa must be a string.' }) vpa?: string;
  @IsOptional()
  @IsString({ message: 'The bank must be a string (a bank code such as HDFC).' })
  bank?: string;
  @IsOptional() @IsString({ message: 'The wallet must be a string.' }) wallet?: string;

  @IsOptional()
  @IsEmail({}, { message: 'The email must be a valid email address.' })
  email?: string;

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

  @IsOptional() @IsNotes() notes?: Notes;
}
