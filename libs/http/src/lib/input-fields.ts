import { applyDecorators } from '@nestjs/common';
import { IsInt, IsOptional, Max, Min, ValidateIf } from 'class-validator';

/**
 * The latest Unix time (seconds) accepted anywhere: 9999-12-31T23:59:59Z. Every timestamp column is
 * a bigint and every timestamp is also a JS Date somewhere, so this keeps both exact; anything
 * later (1e308, 2^53 + 1) is refused rather than stored as null or rounded.
 */
export const MAX_UNIX_TIME = 253_402_300_799;

/** A Unix time in seconds: an integer from `min` (1 unless given) to MAX_UNIX_TIME. */
export function IsUnixTime(
  field: string,
  options: { min?: number; optional?: boolean } = {},
): PropertyDecorator {
  const message = `The ${field} must be a Unix time in seconds.`;
  return applyDecorators(
    ...(options.optional ? [IsOptional()] : []),
    Max(MAX_UNIX_TIME, { message: `The ${field} may not be greater than ${MAX_UNIX_TIME}.` }),
    Min(options.min ?? 1, { message }),
    IsInt({ message }),
  );
}

/**
 * A field that may be left out, but whose `null` is a value like any other and is validated (and
 * so refused by a type check): class-validator's IsOptional treats null as absent, which turned
 * `{"amount": null}` into "no amount given".
 */
export function MayBeOmitted(): PropertyDecorator {
  return ValidateIf((_object, value) => value !== undefined);
}
