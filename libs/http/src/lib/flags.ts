import { applyDecorators } from '@nestjs/common';
import { ApiProperty } from '@nestjs/swagger';
import { Transform } from 'class-transformer';

const TRUE = new Set<unknown>([true, 1, '1', 'true']);
const FALSE = new Set<unknown>([false, 0, '0', 'false']);

/**
 * Flags arrive as true/false, 1/0 or "1"/"0" (the SDK sends the caller's value unchanged). This turns
 * them into booleans; anything else is left as it is for @IsBoolean to refuse.
 */
/** A flag as the OpenAPI document shows it: every form ToFlag reads. */
export const FLAG_SCHEMA = {
  oneOf: [
    { type: 'boolean' },
    { enum: [...TRUE, ...FALSE].filter((value) => typeof value !== 'boolean') },
  ],
};

export function ToFlag(): PropertyDecorator {
  return applyDecorators(
    ApiProperty(FLAG_SCHEMA),
    Transform(({ value }) => (TRUE.has(value) ? true : FALSE.has(value) ? false : value)),
  );
}
