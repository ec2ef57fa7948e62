import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, IsOptional, Max, Min } from 'class-validator';
import { MayBeOmitted } from './input-fields';

/** Currencies accepted for amounts: all have two decimal places, so minor units are paise/cents. */
export const SUPPORTED_CURRENCIES = [
  'INR',
  'USD',
  'EUR',
  'GBP',
  'SGD',
  'AED',
  'AUD',
  'CAD',
] as const;
export type Currency = (typeof SUPPORTED_CURRENCIES)[number];
export const DEFAULT_CURRENCY: Currency = 'INR';
/** A currency code as the OpenAPI document shows it (the contracts' CurrencyCode). */
export const CURRENCY_SCHEMA = { type: 'string' as const, enum: [...SUPPORTED_CURRENCIES] };
/** The largest amount accepted anywhere (₹5 crore in paise), far inside exact integer range. */
export const MAX_AMOUNT = 50_000_000_00;

const AMOUNT_STRING = /^\d{1,15}$/;

/** The SDK types amounts as number | string: "5000" is read as 5000; "50.5", 50.5 and "5e3" are not amounts. */
function toAmount({ value }: { value: unknown }): unknown {
  return typeof value === 'string' && AMOUNT_STRING.test(value) ? Number(value) : value;
}

/** How the OpenAPI document shows an amount a request sends (the field's JSDoc says what it is). */
function amountSchema(minimum: number) {
  return {
    oneOf: [
      {
        type: 'integer',
        minimum,
        maximum: MAX_AMOUNT,
        description: `An integer in the smallest currency unit (paise, cents), at least ${minimum} and at most ${MAX_AMOUNT}.`,
      },
      {
        type: 'string',
        pattern: AMOUNT_STRING.source,
        description:
          'An integer string such as "50000" is read as that number (50.5, "50.5" and "5e3" are refused).',
      },
    ],
  };
}

/** An amount in the currency's smallest unit: an integer of at least `min`. An optional one may be left out, but `null` is refused. */
export function IsAmount(
  field: string,
  options: { min: number; optional?: boolean } = { min: 100 },
): PropertyDecorator {
  return applyDecorators(
    ApiProperty(amountSchema(options.min)),
    ...(options.optional ? [MayBeOmitted()] : []),
    Transform(toAmount),
    Max(MAX_AMOUNT, { message: `The ${field} may not be greater than ${MAX_AMOUNT}.` }),
    Min(options.min, { message: `The ${field} must be at least ${options.min}.` }),
    IsInt({
      message: `The ${field} must be an integer in the smallest currency unit (e.g. paise).`,
    }),
  );
}

/** An ISO currency code this platform accepts (upper case). */
export function IsSupportedCurrency(field = 'currency'): PropertyDecorator {
  return applyDecorators(
    ApiProperty(CURRENCY_SCHEMA),
    IsOptional(),
    IsIn(SUPPORTED_CURRENCIES, {
      message: `The ${field} must be one of ${SUPPORTED_CURRENCIES.join(', ')}.`,
    }),
  );
}
