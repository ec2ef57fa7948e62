import { TextOrNumber } from '@platform/http';
import { Transform } from 'class-transformer';
import { applyDecorators } from '@nestjs/common';
import { IsEmail, IsOptional, IsString, Length, Matches, MaxLength } from 'class-validator';

/** Letters (any script), digits, spaces and . ' ( ) - as Razorpay allows in customer names. */
const NAME = /^[\p{L}\p{M}0-9 .'()-]+$/u;
/** Up to 15 digits including the country code, optionally after a +. */
const CONTACT = /^\+?[0-9]{8,15}$/;
/**
 * 15 characters: the 2-digit state code, then 13 letters or digits. Not the full PAN/checksum shape:
 * Razorpay's own customer examples send 29XAbbA4369J1PA, and Razorpay takes it.
 */
const GSTIN = /^[0-9]{2}[0-9A-Za-z]{13}$/;

export const CustomerName = () =>
  applyDecorators(
    IsOptional(),
    IsString({ message: 'The name must be a string.' }),
    Length(3, 50, { message: 'The name must be between 3 and 50 characters.' }),
    Matches(NAME, { message: "The name may contain only letters, digits, spaces and . ' ( ) -" }),
  );

/** An e-mail address (also a subscription link's notify_info.notify_email, hence the field name). */
export const CustomerEmail = (field = 'email') =>
  applyDecorators(
    IsOptional(),
    IsString({ message: `The ${field} must be a string.` }),
    MaxLength(64, { message: `The ${field} may not be greater than 64 characters.` }),
    IsEmail({}, { message: `The ${field} must be a valid email address.` }),
  );

/** The SDK types allow a number for contact; it is stored as text. Also notify_info.notify_phone. */
export const CustomerContact = (field = 'contact') =>
  applyDecorators(
    TextOrNumber(),
    IsOptional(),
    Transform(({ value }) =>
      typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value,
    ),
    IsString({ message: `The ${field} must be a string or a number.` }),
    Matches(CONTACT, {
      message: `The ${field} must be 8 to 15 digits, optionally starting with +.`,
    }),
  );

export const CustomerGstin = () =>
  applyDecorators(
    IsOptional(),
    IsString({ message: 'The gstin must be a string.' }),
    Matches(GSTIN, { message: 'The gstin is not a valid GSTIN.' }),
  );
