/**
 * The hostile requests for one operation, drawn with fast-check from a fixed seed (the same seed, the
 * same requests). Each says whether the API must refuse it: only when the document's schema, the
 * security guide (docs/security.md) or issue 16 says so (a query's unknown keys are dropped by
 * design, a body's unknown fields are refused only where the schema has
 * `additionalProperties: false`), else any 2xx–4xx will do.
 */
import fc from 'fast-check';
import type { Operation, Parameter, Schema } from './operations';
import {
  acceptedTypes,
  exampleOf,
  exampleOfPattern,
  hasNulOrLoneSurrogate,
  isUnsafeNumber,
  queryValueAccepted,
  refusedByType,
  requiredExample,
} from './schema-values';

export interface HostileRequest {
  method: string;
  /** Raw, already percent-encoded: sent as is. */
  path: string;
  headers: Record<string, string | string[]>;
  body?: string | Buffer;
  /** `once`: the operation's credentials (if it has any); `twice`: a second Authorization header after them, with other credentials. */
  credentials: 'once' | 'twice';
}

export interface Variant {
  /** `POST /v1/customers` */
  operation: string;
  kind: string;
  detail: string;
  mustRefuse: boolean;
  /** The operation refuses with a page (see Operation), not the envelope. */
  refusesWithPages?: boolean;
  request: HostileRequest;
}

/** Real ids the variants borrow: this account's entities of other kinds, and another account's. */
export interface Fixtures {
  accountId: string;
  /** Ids of entities of this account (a customer, an order, documents named in several scripts). */
  ownIds: string[];
  otherAccountId: string;
  otherAccountCustomerId: string;
}

const NESTING_DEPTH = 5_000;
const deepArrays = '['.repeat(NESTING_DEPTH) + ']'.repeat(NESTING_DEPTH);
const deepObjects = '{"a":'.repeat(NESTING_DEPTH) + '1' + '}'.repeat(NESTING_DEPTH);
const HUGE_NUMBERS = [1e308, -1e308, 2 ** 53, 1e99];
const NULL_IS_NOT_ABSENT = ['amount', 'line_items'];
const HOSTILE_QUERY_VALUES = [
  '1e99',
  '99999999999999999999',
  '-1',
  '0',
  '1.5',
  'abc',
  '\u0000',
  '\ud800',
];

/** Percent-encodes a string's UTF-8 bytes (a lone surrogate becomes U+FFFD, as any client sends it). */
export const percentEncode = (value: string): string =>
  [...Buffer.from(value, 'utf8')]
    .map((byte) =>
      /[A-Za-z0-9_.~-]/.test(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
    )
    .join('');

export function variantsOf(operation: Operation, fixtures: Fixtures, seed: number): Variant[] {
  const name = `${operation.method} ${operation.path}`;
  const random = <T>(arbitrary: fc.Arbitrary<T>, runs: number, salt: number): T[] =>
    fc.sample(arbitrary, { seed: seed + salt, numRuns: runs });
  const pathParams = operation.parameters.filter((p) => p.in === 'path');
  const queryParams = operation.parameters.filter((p) => p.in === 'query');
  const baseValues = Object.fromEntries(
    pathParams.map((p) => [p.name, baseValueOf(operation, p, fixtures)]),
  );
  const pathWith = (overrides: Record<string, string> = {}, query = ''): string =>
    operation.path.replace(
      /\{([^}]+)\}/g,
      (_m, param: string) => overrides[param] ?? percentEncode(baseValues[param]),
    ) + (query ? `?${query}` : '');
  const jsonHeaders = { 'content-type': 'application/json' };
  const base = (): Omit<HostileRequest, 'path'> => ({
    method: operation.method,
    headers: {},
    credentials: 'once',
  });
  const variants: Variant[] = [];
  const add = (
    kind: string,
    detail: string,
    mustRefuse: boolean,
    request: Partial<HostileRequest> & { path?: string },
  ) =>
    variants.push({
      operation: name,
      kind,
      detail,
      mustRefuse,
      ...(operation.refusesWithPages ? { refusesWithPages: true } : {}),
      request: { ...base(), path: pathWith(), ...request, headers: { ...(request.headers ?? {}) } },
    });
  const baseBody =
    operation.body?.contentType === 'application/json'
      ? JSON.stringify(requiredExample(operation.body.schema))
      : undefined;
  const withBase = { headers: baseBody ? jsonHeaders : {}, body: baseBody };

  // Path parameters: every one of these names nothing the caller may reach.
  for (const param of pathParams) {
    const sameKind = ownIdsOfKind(param, fixtures);
    const otherKind =
      fixtures.ownIds.find((id) => !sameKind.includes(id)) ?? fixtures.otherAccountCustomerId;
    const hostile: [string, string][] = [
      [
        'unknown id',
        percentEncode(
          unknownValueOf(param, random(fc.stringMatching(/^[0-9A-Za-z]{14}$/), 1, 1)[0]),
        ),
      ],
      ["another resource's id", percentEncode(otherKind)],
      ['path traversal, encoded', '..%2F..%2Fadmin%2Fv1%2Faccounts'],
      ['path traversal', '../../../admin/v1/accounts'],
      ['NUL byte', `${percentEncode(baseValues[param.name])}%00`],
      ['invalid UTF-8 (a lone surrogate)', `${percentEncode(baseValues[param.name])}%ED%A0%80`],
      ['over 100 characters', 'a'.repeat(300)],
      ['SQL', percentEncode("' OR '1'='1")],
      ['a space', '%20'],
    ];
    // Admin ids name any account: another account's is valid there.
    if (operation.auth === 'key' || operation.auth === 'key-id')
      hostile.push([
        "another account's id",
        percentEncode(
          param.name === 'account_id' ? fixtures.otherAccountId : fixtures.otherAccountCustomerId,
        ),
      ]);
    for (const [detail, value] of hostile)
      add('path', `${param.name}: ${detail}`, true, {
        ...withBase,
        path: pathWith({ [param.name]: value }),
      });
  }

  // The account's own entities of the parameter's kind: a read must answer each of them (documents
  // named in Devanagari, CJK, emoji and with control characters among them: their downloads).
  if (operation.method === 'GET' && pathParams.length === 1)
    for (const id of ownIdsOfKind(pathParams[0], fixtures))
      add('own entity', `${pathParams[0].name}: the account's own ${id}`, false, {
        path: pathWith({ [pathParams[0].name]: percentEncode(id) }),
      });

  // Query parameters: values the schema refuses, and duplicates.
  for (const param of queryParams) {
    for (const value of HOSTILE_QUERY_VALUES) {
      // A lone surrogate reaches the server as U+FFFD (see percentEncode): judged as such.
      const mustRefuse = !queryValueAccepted(param.schema, value === '\ud800' ? '\ufffd' : value);
      add('query', `${param.name}=${JSON.stringify(value)}`, mustRefuse, {
        ...withBase,
        path: pathWith({}, `${param.name}=${percentEncode(value)}`),
      });
    }
    const valid = String(exampleOf(param.schema));
    add('duplicate query parameter', `${param.name} twice`, false, {
      ...withBase,
      path: pathWith(
        {},
        `${param.name}=${percentEncode(valid)}&${param.name}=${percentEncode(valid)}`,
      ),
    });
  }
  add('query', 'unknown parameter with a NUL byte', false, {
    ...withBase,
    path: pathWith({}, 'fuzz=%00'),
  });
  add('query', 'prototype-pollution keys', false, {
    ...withBase,
    path: pathWith({}, '__proto__[polluted]=1&constructor[prototype][polluted]=1'),
  });

  // Headers.
  add('header', 'Idempotency-Key of 20,000 characters (over the 16 KB header limit)', true, {
    ...withBase,
    headers: { ...withBase.headers, 'idempotency-key': 'k'.repeat(20_000) },
  });
  // The valid credentials first: a server that reads only the first header would let it through.
  if (operation.auth !== 'none')
    add('header', 'two Authorization headers, the valid one first', true, {
      ...withBase,
      credentials: 'twice',
    });

  if (operation.body?.contentType === 'application/json')
    jsonBodyVariants(
      operation.body.schema,
      operation.body.required,
      fixtures,
      (kind, detail, mustRefuse, body, contentType = 'application/json') =>
        add(kind, detail, mustRefuse, { body, headers: { 'content-type': contentType } }),
      random,
    );
  else if (operation.body?.contentType === 'multipart/form-data')
    multipartVariants((detail, mustRefuse, body, contentType) =>
      add('multipart body', detail, mustRefuse, { body, headers: { 'content-type': contentType } }),
    );
  else if (operation.method !== 'GET')
    add('body', 'a body where none is expected, with a NUL byte', false, {
      body: JSON.stringify({ fuzz: '\u0000' }),
      headers: jsonHeaders,
    });

  // Random hostile strings (fast-check) in the first path parameter, else the first string field, else an unknown query key, up to 30 variants and then some.
  const target = pathParams[0];
  const stringField =
    operation.body?.contentType === 'application/json'
      ? Object.entries(operation.body.schema.properties ?? {}).find(([, s]) =>
          acceptedTypes(s)?.has('string'),
        )
      : undefined;
  const topUp = Math.max(30 - variants.length, 0) + 5;
  random(fc.string({ unit: 'binary', minLength: 1, maxLength: 40 }), topUp, 2).forEach(
    (value, i) => {
      if (target) {
        if (new RegExp(target.schema.pattern ?? '^$', 'u').test(value)) return;
        add('random path value', `${target.name}: ${JSON.stringify(value)}`, true, {
          ...withBase,
          path: pathWith({ [target.name]: percentEncode(value) }),
        });
      } else if (stringField && operation.body) {
        const [field, schema] = stringField;
        const body = { ...requiredExample(operation.body.schema), [field]: value };
        add(
          'random string field',
          `${field}: ${JSON.stringify(value)}`,
          refusedString(schema, value),
          { body: JSON.stringify(body), headers: jsonHeaders },
        );
      } else {
        add('random query value', `fuzz${i}=${JSON.stringify(value)}`, false, {
          ...withBase,
          path: pathWith({}, `fuzz${i}=${percentEncode(value)}`),
        });
      }
    },
  );
  return variants;
}

/** A string the schema refuses: NUL and lone surrogates always (issue 16), else by length and pattern. */
function refusedString(schema: Schema, value: string): boolean {
  if (hasNulOrLoneSurrogate(value)) return true;
  const strings = [schema, ...(schema.oneOf ?? []), ...(schema.anyOf ?? [])].filter((s) =>
    [s.type].flat().includes('string'),
  );
  return (
    strings.length > 0 &&
    strings.every(
      (s) =>
        (s.maxLength !== undefined && [...value].length > s.maxLength) ||
        (s.pattern !== undefined && !new RegExp(s.pattern, 'u').test(value)) ||
        (s.minLength !== undefined && [...value].length < s.minLength),
    )
  );
}

type AddBody = (
  kind: string,
  detail: string,
  mustRefuse: boolean,
  body: string,
  contentType?: string,
) => void;

function jsonBodyVariants(
  schema: Schema,
  required: boolean,
  fixtures: Fixtures,
  add: AddBody,
  random: <T>(a: fc.Arbitrary<T>, runs: number, salt: number) => T[],
): void {
  const base = requiredExample(schema);
  const hasRequired =
    required && ((schema.required?.length ?? 0) > 0 || (schema.minProperties ?? 0) > 0);
  const json = (value: unknown) => JSON.stringify(value);
  const wrongTypeCandidates = random(
    fc.oneof(
      fc.boolean(),
      fc.integer(),
      fc.double({ noNaN: true, noDefaultInfinity: true }),
      fc.string({ maxLength: 8 }),
      fc.array(fc.integer(), { maxLength: 3 }),
      fc.dictionary(fc.string({ maxLength: 4 }), fc.integer(), { maxKeys: 2 }),
    ),
    40,
    3,
  );

  for (const [field, fieldSchema] of Object.entries(schema.properties ?? {})) {
    const set = (value: unknown) => json({ ...base, [field]: value });
    const types = acceptedTypes(fieldSchema);
    const wrong = wrongTypeCandidates.find((value) => refusedByType(fieldSchema, value));
    if (wrong !== undefined) add('wrong type', `${field}: ${json(wrong)}`, true, set(wrong));
    // null is not "absent" for a required field, nor for the fields issue 16 names (a null refund amount refunded everything); elsewhere it may clear an optional field.
    const nullRefused =
      refusedByType(fieldSchema, null) &&
      ((schema.required ?? []).includes(field) || NULL_IS_NOT_ABSENT.includes(field));
    add('null', `${field}: null`, nullRefused, set(null));
    if (types === null || types.has('string')) {
      add('NUL byte', `${field}: "fuzz\\u0000fuzz"`, true, set('fuzz\u0000fuzz'));
      add('lone surrogate', `${field}: "a\\ud800b"`, true, set('a\ud800b'));
      add(
        'long string',
        `${field}: 100,000 characters`,
        fieldSchema.maxLength !== undefined,
        set('x'.repeat(100_000)),
      );
      add('emoji', `${field}: 128 emoji`, false, set('😀'.repeat(128)));
    }
    if (types === null || types.has('integer')) {
      for (const n of HUGE_NUMBERS) add('huge number', `${field}: ${n}`, isUnsafeNumber(n), set(n));
      add('tiny number', `${field}: 1e-300`, !types?.has('number') && types !== null, set(1e-300));
      add(
        'negative number',
        `${field}: -1`,
        (fieldSchema.minimum ?? -Infinity) > -1 ||
          (fieldSchema.oneOf ?? []).some((s) => (s.minimum ?? -Infinity) > -1),
        set(-1),
      );
      add(
        'huge number',
        `${field}: 9007199254740993 (2^53 + 1, as written)`,
        true,
        `{"${field}":9007199254740993}`,
      );
    }
    add(
      'deep nesting',
      `${field}: ${NESTING_DEPTH} nested arrays`,
      true,
      `{"${field}":${deepArrays}}`,
    );
    // A reference to an entity (customer_id, plan_id, payment_id…) names one of this account's: another account's is unknown here.
    if (field.endsWith('_id') && types?.has('string'))
      add(
        "another account's id",
        `${field}: another account's customer`,
        true,
        set(fixtures.otherAccountCustomerId),
      );
  }

  add(
    'unknown field',
    'fuzz_unknown: 1',
    schema.additionalProperties === false,
    json({ ...base, fuzz_unknown: 1 }),
  );
  add(
    'prototype pollution',
    '"__proto__": {"polluted": true}',
    true,
    `{"__proto__":{"polluted":true}${Object.keys(base).length ? ',' + json(base).slice(1) : '}'}`,
  );
  add(
    'prototype pollution',
    '"constructor": {"prototype": {"polluted": true}}',
    true,
    json({ ...base, constructor: { prototype: { polluted: true } } }),
  );
  add('deep nesting', `${NESTING_DEPTH} nested arrays`, true, deepArrays);
  add('deep nesting', `${NESTING_DEPTH} nested objects`, true, deepObjects);
  const whole = json(base);
  add(
    'truncated body',
    `${whole.slice(0, Math.ceil(whole.length / 2))}…`,
    true,
    whole.slice(0, Math.ceil(whole.length / 2)),
  );
  // Valid JSON sent as text/plain may be read as JSON; what cannot be read as JSON must be refused.
  add('wrong content type', 'text/plain (the JSON body)', false, whole, 'text/plain');
  add('wrong content type', 'text/plain (not JSON)', hasRequired, 'fuzz', 'text/plain');
  add(
    'wrong content type',
    'application/x-www-form-urlencoded',
    hasRequired,
    'fuzz=1',
    'application/x-www-form-urlencoded',
  );
  add('wrong content type', 'application/xml', hasRequired, '<fuzz/>', 'application/xml');
  for (const other of ['[]', '"fuzz"', '123', 'null'])
    add('not an object', other, hasRequired, other);
  add('empty body', 'content-type json, no body', hasRequired, '');
  add(
    'duplicate keys',
    'the first field twice, the second an object',
    false,
    `{${whole.slice(1, -1)}${whole.length > 2 ? ',' : ''}"${Object.keys(schema.properties ?? { fuzz: 0 })[0]}":{}}`,
  );
}

function multipartVariants(
  add: (detail: string, mustRefuse: boolean, body: string | Buffer, contentType: string) => void,
): void {
  const pdf = '%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n';
  const part = (boundary: string, name: string, value: string, filename?: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename !== undefined ? `; filename="${filename}"\r\nContent-Type: application/pdf` : ''}\r\n\r\n${value}\r\n`;
  const form = (boundary: string, parts: string[]) => `${parts.join('')}--${boundary}--\r\n`;
  const b = 'fuzzboundary';
  const good = form(b, [
    part(b, 'purpose', 'dispute_evidence'),
    part(b, 'file', pdf, 'evidence.pdf'),
  ]);
  const type = (boundary: string) => `multipart/form-data; boundary=${boundary}`;
  add('no boundary', true, good, 'multipart/form-data');
  add('another boundary than the body', true, good, type('otherboundary'));
  add(
    "boundary of 200 characters (over RFC 2046's 70, used consistently)",
    false,
    good.replaceAll(b, 'b'.repeat(200)),
    type('b'.repeat(200)),
  );
  add('truncated body', true, good.slice(0, good.length - 40), type(b));
  add('no file part', true, form(b, [part(b, 'purpose', 'dispute_evidence')]), type(b));
  add('no purpose', true, form(b, [part(b, 'file', pdf, 'evidence.pdf')]), type(b));
  add(
    'purpose with a NUL byte',
    true,
    form(b, [part(b, 'purpose', 'dispute_evidence\u0000'), part(b, 'file', pdf, 'evidence.pdf')]),
    type(b),
  );
  add(
    'file name with a NUL byte',
    false,
    form(b, [part(b, 'purpose', 'dispute_evidence'), part(b, 'file', pdf, 'evi\u0000dence.pdf')]),
    type(b),
  );
  add(
    'file name of 128 emoji',
    false,
    form(b, [
      part(b, 'purpose', 'dispute_evidence'),
      part(b, 'file', pdf, `${'😀'.repeat(128)}.pdf`),
    ]),
    type(b),
  );
  add(
    'file that is not a PDF, PNG or JPEG',
    true,
    form(b, [
      part(b, 'purpose', 'dispute_evidence'),
      part(b, 'file', 'MZ\u0000\u0000not a document', 'evidence.pdf'),
    ]),
    type(b),
  );
  add(
    'two file parts',
    false,
    form(b, [
      part(b, 'purpose', 'dispute_evidence'),
      part(b, 'file', pdf, 'a.pdf'),
      part(b, 'file', pdf, 'b.pdf'),
    ]),
    type(b),
  );
  add(
    'JSON instead',
    true,
    JSON.stringify({ purpose: 'dispute_evidence', file: pdf }),
    'application/json',
  );
  add('empty body', true, '', type(b));
}

/** The parameter's value while other parts of the request are fuzzed: the fuzzing account's own id, else an id of the right shape that names nothing. */
function baseValueOf(operation: Operation, param: Parameter, fixtures: Fixtures): string {
  if (
    param.name === 'account_id' ||
    (operation.auth === 'admin' && param.schema.pattern?.startsWith('^acc_'))
  )
    return fixtures.accountId;
  const example = exampleOf(param.schema);
  return typeof example === 'string' && example !== 'fuzz'
    ? example
    : exampleOfPattern(
        param.schema.pattern ?? `^${param.name.replace(/_id$/, '')}_[0-9A-Za-z]{14}$`,
      );
}

/** A value of the parameter's shape that names nothing (for a choice such as `^(billing|payments)$`: none of them). */
function unknownValueOf(param: Parameter, filler: string): string {
  const value = exampleOfPattern(param.schema.pattern ?? '', filler);
  const accepted =
    param.schema.enum?.includes(value) ||
    (param.schema.pattern !== undefined && !value.includes(filler));
  return accepted ? `fuzz${filler}` : value;
}

function ownIdsOfKind(param: Parameter, fixtures: Fixtures): string[] {
  const prefix = /^\^([a-z]+_)/.exec(param.schema.pattern ?? '')?.[1];
  return prefix ? fixtures.ownIds.filter((id) => id.startsWith(prefix)) : [];
}
