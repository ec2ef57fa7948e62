import type Razorpay from 'razorpay';

/**
 * One request example of Razorpay's own documents (the official SDKs' `documents/*.md`, or the API
 * reference), kept as data and replayed through the gateway by documented-examples.e2e.spec.ts.
 *
 * Ids and dates are placeholders resolved at run time (see given.ts):
 * - `'$<fixture>.<path>'`: a property of an entity the spec makes first, e.g. `'$order.id'`,
 *   `'$issuedInvoice.line_items.0.id'`, `'$account.id'`;
 * - `'$now'`, `'$now+30d'`, `'$now-2h'`: unix seconds relative to the account's clock;
 * - `'$file:<name>'`: a read stream of a small file of that type, as `fs.createReadStream` gives.
 */
export type DocumentedExample = SupportedExample | UnsupportedExample;

interface ExampleBase {
  /** Where it is documented: `razorpay-node documents/order.md#create-order`. */
  source: string;
  /** The call: an official SDK method, or plain HTTP where the SDK has none. */
  call: SdkCall | HttpCall;
  /** SDK: the method's arguments. HTTP: the JSON body (the query goes in the path). */
  request: readonly unknown[] | Record<string, unknown> | undefined;
  /** Headers the SDK client is made with (`new Razorpay({headers})`). */
  headers?: Record<string, string>;
  /** Fixtures the example needs only to exist (e.g. something for a list to return). */
  given?: readonly string[];
}

/** An example that works on this platform: the status and the documented response fields. */
export interface SupportedExample extends ExampleBase {
  expect: ExpectedAnswer;
}

/**
 * An example that cannot work here by design (another account's id, a feature the platform does
 * not offer): the reason, and the answer we give instead: an error, or, when the request itself
 * works, the answer without the documented fields of the feature (`lacks`: absent or null).
 */
export type UnsupportedExample = ExampleBase & { unsupported: string } & (
    | { expectError: ExpectedError; expect?: never }
    | { expect: ExpectedAnswer & { lacks: readonly string[] }; expectError?: never }
  );

export interface ExpectedError {
  status: number;
  description: string;
  field?: string;
}

export interface ExpectedAnswer {
  status: number;
  /** The documented response's keys with their JSON type(s): `'string'`, `'integer|null'`. */
  fields: Fields;
  /** For a collection: the documented keys of each item (the collection must have one). */
  items?: Fields;
  /** The documented answer is `[]` (a delete). */
  emptyArray?: true;
}

export type JsonType = 'string' | 'integer' | 'number' | 'boolean' | 'object' | 'array' | 'null';
export type FieldType =
  JsonType | `${JsonType}|${JsonType}` | `${JsonType}|${JsonType}|${JsonType}`;
export type Fields = Readonly<Record<string, FieldType>>;

type SdkResources = {
  [R in keyof Razorpay]: Razorpay[R] extends Record<string, unknown> ? R : never;
}[keyof Razorpay];

/** A method of the official SDK, checked against its type declarations. */
export type SdkCall = {
  [R in SdkResources]: { resource: R; method: keyof Razorpay[R] & string };
}[SdkResources];

export interface HttpCall {
  http: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
}

export const isSdkCall = (call: SdkCall | HttpCall): call is SdkCall => 'resource' in call;

/** The JSON type of a value as Razorpay's documents show it (integers apart from other numbers). */
export function jsonTypeOf(value: unknown): JsonType {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  if (typeof value === 'number') return Number.isInteger(value) ? 'integer' : 'number';
  return typeof value as JsonType;
}

/** Each documented field that is missing from `body`, or there with another JSON type. */
export function fieldProblems(body: unknown, fields: Fields, where = ''): string[] {
  if (jsonTypeOf(body) !== 'object') return [`${where || 'the answer'} is not an object`];
  const answer = body as Record<string, unknown>;
  return Object.entries(fields).flatMap(([key, type]) => {
    if (!(key in answer)) return [`${where}${key}: missing`];
    const actual = jsonTypeOf(answer[key]);
    const allowed = type.split('|');
    return allowed.includes(actual) || (actual === 'integer' && allowed.includes('number'))
      ? []
      : [`${where}${key}: ${actual}, documented ${type}`];
  });
}
