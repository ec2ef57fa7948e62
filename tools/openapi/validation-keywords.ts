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
 * already there) is kept, a `oneOf` completed branch by branch. A property under `@IsOptional()` may be `null` (class-validator skips its
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
  let result = untyped(schema) ? {} : schema;
  for (const rule of rules) {
    const keywords = rule.name ? KEYWORDS[rule.name]?.(rule.constraints ?? []) : undefined;
    if (keywords) result = withKeywords(result, keywords, rule.each === true);
  }
  return nullable && isOptional(rules) ? { ...result, nullable: true } : result;
}

/**
 * A rule's keywords where they apply: to the items of an array (`each`), to the branch of a
 * `oneOf` that `@ApiProperty` states which has the type they are about (a string's length to the
 * string, a minimum to the number), else to the schema; never over a keyword already there.
 */
function withKeywords(schema: Json, keywords: Json, each: boolean): Json {
  if (each)
    return schema['type'] === 'array'
      ? { ...schema, items: withKeywords((schema['items'] ?? {}) as Json, keywords, false) }
      : schema;
  if (Array.isArray(schema['oneOf'])) {
    const branches = schema['oneOf'] as Json[];
    const index = branches.findIndex((branch) => appliesTo(keywords, branch));
    if (index < 0) return schema;
    const oneOf = branches.map((branch, i) =>
      i === index ? withKeywords(branch, withoutType(keywords), false) : branch,
    );
    return { ...schema, oneOf };
  }
  if ('anyOf' in schema || 'allOf' in schema || '$ref' in schema) return schema;
  return { ...keywords, ...schema, ...integer(keywords, schema) };
}

const STRING_KEYWORDS = ['minLength', 'maxLength', 'pattern', 'format'];
const NUMBER_KEYWORDS = ['minimum', 'maximum'];
const ARRAY_KEYWORDS = ['minItems', 'maxItems'];

function appliesTo(keywords: Json, branch: Json): boolean {
  const about = (names: string[]) => Object.keys(keywords).some((name) => names.includes(name));
  const type = branch['type'];
  if (about(STRING_KEYWORDS)) return type === 'string';
  if (about(NUMBER_KEYWORDS)) return type === 'integer' || type === 'number';
  if (about(ARRAY_KEYWORDS)) return type === 'array';
  return false;
}

const withoutType = ({ type: _, ...keywords }: Json): Json => keywords;

/** What @nestjs/swagger writes for a property whose type it could not read (`skip = 0`): nothing. */
const untyped = (schema: Json) =>
  JSON.stringify(schema).includes('"#/components/schemas/Object"') &&
  !('properties' in schema) &&
  !('items' in schema);

/** class-validator's `isInt` is more precise than the TypeScript `number` the plugin saw. */
const integer = (keywords: Json, schema: Json) =>
  keywords['type'] === 'integer' && schema['type'] === 'number' ? { type: 'integer' } : {};

const withDefault = (schema: Json, value: unknown): Json =>
  value === undefined || 'default' in schema ? schema : { ...schema, default: value };
