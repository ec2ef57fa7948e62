import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min, registerDecorator } from 'class-validator';
import { MAX_UNIX_TIME } from './input-fields';

export const DEFAULT_COUNT = 10;
export const MAX_COUNT = 100;
/** The largest OFFSET accepted (PostgreSQL's integer range): larger ones failed in the database. */
export const MAX_SKIP = 2_147_483_647;

/** Query strings carry numbers as text; "1704067200.5" (the SDK's normalised dates) truncates to seconds. */
function toNumber({ value }: { value: unknown }): unknown {
  if (typeof value !== 'string' || value.trim() === '') return value;
  const parsed = Number(value);
  return Number.isFinite(parsed) ? parsed : value;
}

function toSeconds(input: { value: unknown }): unknown {
  const value = toNumber(input);
  return typeof value === 'number' ? Math.trunc(value) : value;
}

/** `to` must not lie before `from`. */
function IsNotBeforeFrom(): PropertyDecorator {
  return (target, propertyName) =>
    registerDecorator({
      name: 'isNotBeforeFrom',
      target: target.constructor,
      propertyName: propertyName as string,
      options: { message: 'The to must be greater than or equal to from.' },
      validator: {
        validate: (to: unknown, args) => {
          const from = (args?.object as { from?: unknown } | undefined)?.from;
          return typeof to !== 'number' || typeof from !== 'number' || to >= from;
        },
      },
    });
}

/** `from`/`to` (unix seconds, inclusive), `count` (1-100, default 10), `skip` (default 0). */
export class ListQuery {
  /** Only entities created at or after this Unix time (seconds). */
  @IsOptional()
  @Transform(toSeconds)
  @IsInt({ message: 'The from must be an integer (unix seconds).' })
  @Min(0, { message: 'The from must be at least 0.' })
  @Max(MAX_UNIX_TIME, { message: `The from may not be greater than ${MAX_UNIX_TIME}.` })
  from?: number;

  /** Only entities created at or before this Unix time (seconds). */
  @IsOptional()
  @Transform(toSeconds)
  @IsInt({ message: 'The to must be an integer (unix seconds).' })
  @Min(0, { message: 'The to must be at least 0.' })
  @Max(MAX_UNIX_TIME, { message: `The to may not be greater than ${MAX_UNIX_TIME}.` })
  @IsNotBeforeFrom()
  to?: number;

  /** How many entities to return. */
  @IsOptional()
  @Transform(toNumber)
  @IsInt({ message: 'The count must be an integer.' })
  @Min(1, { message: 'The count must be at least 1.' })
  @Max(MAX_COUNT, { message: `The count may not be greater than ${MAX_COUNT}.` })
  count: number = DEFAULT_COUNT;

  /** How many entities to skip. */
  @IsOptional()
  @Transform(toNumber)
  @IsInt({ message: 'The skip must be an integer.' })
  @Min(0, { message: 'The skip must be at least 0.' })
  @Max(MAX_SKIP, { message: `The skip may not be greater than ${MAX_SKIP}.` })
  skip = 0;
}
