import { ApiParam, ApiQuery } from '@nestjs/swagger';

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
