import type { Mode } from '@platform/domain-kit';

/**
 * What every message on the platform's Kafka topics carries (the Kafka value, as JSON). `data` is
 * the entity's public representation after the change, plus the change itself. Keys are the
 * aggregate id, so each stream stays in order on its partition.
 */
export interface IntegrationEvent<Type extends string = string, Data = unknown> {
  id: string;
  type: Type;
  schema_version: number;
  account_id: string;
  mode: Mode;
  stream_id: string;
  stream_version: number;
  /** Unix seconds, like every timestamp of the public API. */
  occurred_at: number;
  correlation_id: string | null;
  causation_id: string | null;
  data: Data;
}

/** Kafka headers set on every published message, so consumers can route without parsing the value. */
export const EventHeaders = {
  type: 'event-type',
  id: 'event-id',
  schemaVersion: 'schema-version',
  contentType: 'content-type',
} as const;

const ENVELOPE_FIELDS: Record<keyof IntegrationEvent, string> = {
  id: 'string',
  type: 'string',
  schema_version: 'number',
  account_id: 'string',
  mode: 'string',
  stream_id: 'string',
  stream_version: 'number',
  occurred_at: 'number',
  correlation_id: 'string|null',
  causation_id: 'string|null',
  data: 'object',
};
/** The same, split once: the check runs for every message a consumer takes. */
const EXPECTED_TYPES = Object.entries(ENVELOPE_FIELDS).map(([field, expected]) => ({
  field,
  expected,
  allowed: new Set(expected.split('|')),
}));

/** Checks the envelope of a received message; returns the reason it is unusable, or null. */
export function envelopeProblem(value: unknown): string | null {
  if (typeof value !== 'object' || value === null) return 'the message is not a JSON object';
  const record = value as Record<string, unknown>;
  for (const { field, expected, allowed } of EXPECTED_TYPES) {
    const actual = record[field] === null ? 'null' : typeof record[field];
    if (!allowed.has(actual)) return `envelope field ${field} is ${actual}, expected ${expected}`;
  }
  if (record['mode'] !== 'test' && record['mode'] !== 'live')
    return `envelope mode is ${String(record['mode'])}`;
  return null;
}
