import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';

type Json = Record<string, unknown>;

/** JSON Schema keywords of class-validator's rules, by the rule's name. */
const KEYWORDS: Record<string, (constraints: unknown[]) => Json> = {
  isIn: ([values]) => ({ enum: values }),
  min: ([minimum]) => ({ minimum }),
  max: ([maximum]) => ({ maximum }),
  minLength: ([minLength]) => ({ minLength }),
  maxLength: ([maxLength]) => ({ maxLength }),
  isLength: ([minLength, maxLength]) => ({
    minLength,
    ...(maxLength === undefined ? {} : { maxLength }),
  }),
  matches: ([pattern]) => ({ pattern: pattern instanceof RegExp ? pattern.source : pattern }),
  isEmail: () => ({ format: 'email' }),
  isUrl: () => ({ format: 'uri' }),
  arrayMinSize: ([minItems]) => ({ minItems }),
  arrayMaxSize: ([maxItems]) => ({ maxItems }),
  isInt: () => ({ type: 'integer' }),
};

/**
 * Completes the request schemas `@nestjs/swagger` made from DTO classes with what their
 * class-validator rules say, read from class-validator's own metadata: the plugin's shim reads only
 * the rules written on a property itself, not those inside the project's composed decorators
 * (`@CustomerName()`, `@Documents('shipping_proof')`). What a property states with `@ApiProperty`
 * (a `oneOf`, a keyword already there) is kept. A property under `@IsOptional()` may be `null`
 * (class-validator skips its rules then), and no DTO takes fields it does not declare (the
 * validation pipe's `forbidNonWhitelisted`).
 */
export function withValidationKeywords(schemas: Record<string, Json>): Record<string, Json> {
  const classes = validatedClasses();
  return Object.fromEntries(
    Object.entries(schemas).map(([name, schema]) => {
      const target = classes.get(name);
      return [name, target ? completed(schema, target) : schema];
    }),
  );
}

function validatedClasses(): Map<string, object> {
  const storage = getMetadataStorage() as unknown as {
    validationMetadatas: Map<object, ValidationMetadata[]>;
  };
  return new Map(
    [...storage.validationMetadatas.keys()].map((target) => [
      (target as { name: string }).name,
      target,
    ]),
  );
}

function completed(schema: Json, target: object): Json {
  const rules = getMetadataStorage().getTargetValidationMetadatas(
    target as new () => object,
    '',
    true,
    false,
  );
  const properties = (schema['properties'] ?? {}) as Record<string, Json>;
  return {
    ...schema,
    additionalProperties: false,
    properties: Object.fromEntries(
      Object.entries(properties).map(([property, propertySchema]) => [
        property,
        withRules(
          propertySchema,
          rules.filter((rule) => rule.propertyName === property),
        ),
      ]),
    ),
  };
}

function withRules(schema: Json, rules: ValidationMetadata[]): Json {
  if ('oneOf' in schema || 'anyOf' in schema || '$ref' in schema || 'allOf' in schema)
    return withNull(schema, rules);
  let result = schema;
  for (const rule of rules) {
    const keywords = rule.name ? KEYWORDS[rule.name]?.(rule.constraints ?? []) : undefined;
    if (!keywords) continue;
    if (rule.each && result['type'] === 'array') {
      const items = (result['items'] ?? {}) as Json;
      result = { ...result, items: { ...keywords, ...items, ...integer(keywords, items) } };
    } else if (!rule.each) result = { ...keywords, ...result, ...integer(keywords, result) };
  }
  return withNull(result, rules);
}

/** class-validator's `isInt` is more precise than the TypeScript `number` the plugin saw. */
const integer = (keywords: Json, schema: Json) =>
  keywords['type'] === 'integer' && schema['type'] === 'number' ? { type: 'integer' } : {};

function withNull(schema: Json, rules: ValidationMetadata[]): Json {
  const optional = rules.some((rule) => rule.name === 'isOptional');
  return optional ? { ...schema, nullable: true } : schema;
}
