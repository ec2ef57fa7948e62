import { ApiParam, ApiProperty, ApiQuery } from '@nestjs/swagger';

/**
 * Describes a path parameter that names one of the caller's entities (`disp_1Aa00000000001`), for
 * the OpenAPI document: its pattern, and that an unknown id answers as every service answers it.
 */
export function EntityIdParam(entity: string, prefix: string, name = 'id'): MethodDecorator {
  return ApiParam({
    name,
    description: `The ${entity} id. An unknown id, or one of another account or mode, is answered 400 "The id provided does not exist".`,
    schema: { type: 'string', pattern: `^${prefix}_[0-9A-Za-z]{14}$` },
  });
}

/**
 * Describes `expand[]` (read by `@Expansions()`) for the OpenAPI document: what each value adds, and
 * the values (`enum`) when the operation refuses others.
 */
export function ExpandQuery(
  description: string,
  values: { enum?: string[]; examples?: string[] } = {},
): MethodDecorator {
  return ApiQuery({
    name: 'expand[]',
    required: false,
    description,
    schema: { type: 'array', items: { type: 'string', ...values } },
    style: 'form',
    explode: true,
  });
}

/**
 * A text field that also takes a number, read as its digits (the SDK's types allow one): the
 * document shows both; the field's validators describe the text.
 */
export const TextOrNumber = (): PropertyDecorator =>
  ApiProperty({ oneOf: [{ type: 'string' }, { type: 'integer' }] });

/**
 * An integer field that also takes its digits as a string (`"12"`): the document shows both; the
 * field's validators describe the integer.
 */
export const IntegerOrDigits = (digits: RegExp): PropertyDecorator =>
  ApiProperty({ oneOf: [{ type: 'integer' }, { type: 'string', pattern: digits.source }] });

/** A request field naming one of the caller's entities, by the prefix of its ids. */
export const EntityIdField = (prefix: string): PropertyDecorator =>
  ApiProperty({ pattern: `^${prefix}_[0-9A-Za-z]{14}$` });
