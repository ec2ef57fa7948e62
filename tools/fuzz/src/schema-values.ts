/**
 * What a schema of the API document accepts, read the way the variants need it: a valid value to
 * start from, and whether a hostile value is one the document says must be refused.
 */
import type { Schema } from './operations';

type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'null';

export function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonType;
}

/** The JSON types a schema accepts; null when it does not say (anything may be accepted). */
export function acceptedTypes(schema: Schema): Set<JsonType> | null {
  const types = new Set<JsonType>();
  const add = (s: Schema): boolean => {
    if (s.nullable) types.add('null');
    if (s.type) for (const t of [s.type].flat()) types.add(t as JsonType);
    else if (s.enum) for (const v of s.enum) types.add(jsonTypeOf(v));
    else if (s.const !== undefined) types.add(jsonTypeOf(s.const));
    else if (s.oneOf || s.anyOf) return [...(s.oneOf ?? []), ...(s.anyOf ?? [])].every(add);
    else if (s.properties) types.add('object');
    else return false;
    return true;
  };
  if (!add(schema)) return null;
  if (types.has('number')) types.add('integer');
  return types;
}

/** True when the document's schema refuses the value by its type (what the variants change). */
export function refusedByType(schema: Schema, value: unknown): boolean {
  const types = acceptedTypes(schema);
  return types !== null && !types.has(jsonTypeOf(value));
}

/** An integer the database cannot hold or JSON cannot carry exactly: every amount and timestamp past it is refused (issue 16). */
export const isUnsafeNumber = (value: unknown): boolean =>
  typeof value === 'number' &&
  (!Number.isFinite(value) || Math.abs(value) > Number.MAX_SAFE_INTEGER);

/** A valid value for a schema, from its examples when it has them. */
export function exampleOf(schema: Schema): unknown {
  if (schema.examples?.length) return schema.examples[0];
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alternatives = schema.oneOf ?? schema.anyOf;
  if (alternatives?.length) return exampleOf(alternatives[0]);
  if (schema.pattern) return exampleOfPattern(schema.pattern);
  const type = [schema.type ?? (schema.properties ? 'object' : 'string')].flat()[0];
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(schema.minimum ?? 100, 100);
    case 'boolean':
      return true;
    case 'array':
      return schema.items ? [exampleOf(schema.items)] : [];
    case 'object':
      return requiredExample(schema);
    default:
      return schema.format === 'email' ? 'fuzz@example.com' : 'fuzz';
  }
}

/** The object with only its required properties, each valid. */
export function requiredExample(schema: Schema): Record<string, unknown> {
  return Object.fromEntries(
    (schema.required ?? []).map((name) => [name, exampleOf(schema.properties?.[name] ?? {})]),
  );
}

/** An id of the API's shape (`^cust_[0-9A-Za-z]{14}$`, `^qr_…\.png$`, `^(a|b)$`, `^[0-9]+$`) that no entity has. */
export function exampleOfPattern(pattern: string, filler = 'FuzzUnknown000'): string {
  const prefixed = /^\^([a-z_]+)\[0-9A-Za-z\]\{14\}((?:\\\.[a-z]+)?)\$$/.exec(pattern);
  if (prefixed) return `${prefixed[1]}${filler}${prefixed[2].replace('\\', '')}`;
  const choice = /^\^\(([^|)]+)[|)]/.exec(pattern);
  if (choice) return choice[1];
  return pattern === '^[0-9]+$' ? '1' : 'fuzz';
}

/** Text PostgreSQL cannot store: refused wherever it is sent (issue 16). */
export function hasNulOrLoneSurrogate(value: string): boolean {
  if (value.includes('\u0000')) return true;
  try {
    encodeURIComponent(value); // throws on a lone surrogate, and only then
    return false;
  } catch {
    return true;
  }
}

/** Whether a query value (always a string on the wire) is one the parameter's schema accepts. */
export function queryValueAccepted(schema: Schema, raw: string): boolean {
  if (hasNulOrLoneSurrogate(raw)) return false;
  const types = acceptedTypes(schema);
  if (schema.enum) return schema.enum.map(String).includes(raw);
  if (types?.has('integer') && !types.has('string')) {
    // A fraction in range is not refused by rule: `from=1.5` may be read as the bound it is (lists answer 200).
    if (!/^-?[0-9]+(\.[0-9]+)?$/.test(raw)) return false;
    const n = Number(raw);
    return (
      Math.abs(n) <= Number.MAX_SAFE_INTEGER &&
      n >= (schema.minimum ?? -Infinity) &&
      n <= (schema.maximum ?? Infinity)
    );
  }
  if (schema.maxLength !== undefined && raw.length > schema.maxLength) return false;
  return schema.pattern ? new RegExp(schema.pattern, 'u').test(raw) : true;
}
