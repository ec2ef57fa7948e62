import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum';
import { getMetadataStorage } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';

type Json = Record<string, unknown>;
type Class = new () => object;

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
 * What class-validator's rules say of a DTO, read from class-validator's own metadata: the plugin's
 * shim reads only the rules written on a property itself, with literal arguments, not those inside
 * the project's composed decorators (`@CustomerName()`, `@IsUnixTime('close_by')`) or given as
 * constants (`@Max(MAX_COUNT)`). What a property states with `@ApiProperty` (a `oneOf`, a keyword
 * already there) is kept. A property under `@IsOptional()` may be `null` (class-validator skips its
 * rules then) and may be left out; a property's initial value is its default.
 */
export class ValidationRules {
  private readonly classes = new Map<string, Class>(
    [...validatedTargets()].map((target) => [target.name, target]),
  );

  /** A request body's schema, completed; no DTO takes fields it does not declare (forbidNonWhitelisted). */
  bodySchema(name: string, schema: Json): Json {
    const target = this.classes.get(name);
    if (!target) return schema;
    const properties = (schema['properties'] ?? {}) as Record<string, Json>;
    const defaults = initialValues(target);
    const completed = Object.fromEntries(
      Object.entries(properties).map(([property, propertySchema]) => [
        property,
        withDefault(withRules(propertySchema, rulesOf(target, property)), defaults[property]),
      ]),
    );
    const required = ((schema['required'] ?? []) as string[]).filter(
      (property) => !isOptional(rulesOf(target, property)),
    );
    const { required: _, ...rest } = schema;
    return {
      ...rest,
      additionalProperties: false,
      properties: completed,
      ...(required.length > 0 ? { required } : {}),
    };
  }

  /** An operation's query parameters, completed from the `@Query()` DTO of its handler. */
  queryParameters(controller: Class, method: string, parameters: Json[]): Json[] {
    const target = queryDtoOf(controller, method);
    if (!target) return parameters;
    const defaults = initialValues(target);
    return parameters.map((parameter) => {
      if (parameter['in'] !== 'query') return parameter;
      const name = parameter['name'] as string;
      const rules = rulesOf(target, name);
      if (rules.length === 0) return parameter;
      const schema = withDefault(
        withRules((parameter['schema'] ?? {}) as Json, rules, false),
        defaults[name],
      );
      return { ...parameter, required: !isOptional(rules), schema };
    });
  }
}

/** The values a DTO's fields start with (`count = DEFAULT_COUNT`): what a request without them gets. */
function initialValues(target: Class): Record<string, unknown> {
  try {
    return new target() as Record<string, unknown>;
  } catch {
    return {};
  }
}

function validatedTargets(): Class[] {
  const storage = getMetadataStorage() as unknown as {
    validationMetadatas: Map<Class, ValidationMetadata[]>;
  };
  return [...storage.validationMetadatas.keys()];
}

function rulesOf(target: Class, property: string): ValidationMetadata[] {
  return getMetadataStorage()
    .getTargetValidationMetadatas(target, '', true, false)
    .filter((rule) => rule.propertyName === property);
}

/** The DTO class of the handler's whole-query parameter (`@Query() query: OrderListQuery`). */
function queryDtoOf(controller: Class, method: string): Class | undefined {
  const args = (Reflect.getMetadata('__routeArguments__', controller, method) ?? {}) as Record<
    string,
    { index: number; data?: unknown }
  >;
  const types = Reflect.getMetadata('design:paramtypes', controller.prototype, method) as
    Class[] | undefined;
  const query = Object.entries(args).find(
    ([key, arg]) => key.startsWith(`${RouteParamtypes.QUERY}:`) && arg.data === undefined,
  );
  return query && types ? types[query[1].index] : undefined;
}

const isOptional = (rules: ValidationMetadata[]) =>
  rules.some((rule) => rule.name === 'isOptional');

function withRules(schema: Json, rules: ValidationMetadata[], nullable = true): Json {
  const explicit = ['oneOf', 'anyOf', 'allOf', '$ref'].some((keyword) => keyword in schema);
  let result = schema;
  if (!explicit)
    for (const rule of rules) {
      const keywords = rule.name ? KEYWORDS[rule.name]?.(rule.constraints ?? []) : undefined;
      if (!keywords) continue;
      if (rule.each && result['type'] === 'array') {
        const items = (result['items'] ?? {}) as Json;
        result = { ...result, items: { ...keywords, ...items, ...integer(keywords, items) } };
      } else if (!rule.each) result = { ...keywords, ...result, ...integer(keywords, result) };
    }
  return nullable && isOptional(rules) ? { ...result, nullable: true } : result;
}

/** class-validator's `isInt` is more precise than the TypeScript `number` the plugin saw. */
const integer = (keywords: Json, schema: Json) =>
  keywords['type'] === 'integer' && schema['type'] === 'number' ? { type: 'integer' } : {};

const withDefault = (schema: Json, value: unknown): Json =>
  value === undefined || 'default' in schema ? schema : { ...schema, default: value };
