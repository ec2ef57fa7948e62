/**
 * The operations to fuzz: every one in the gateway's `/docs/openapi.json` (its `$ref`s resolved), then
 * the admin API and the public pages, which the document leaves out (docs/api-guide.md, Admin API),
 * described here in the document's own terms.
 */

/** The subset of JSON Schema the document uses that the variants read. */
export interface Schema {
  type?: string | string[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: boolean | Schema;
  minProperties?: number;
  items?: Schema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  nullable?: boolean;
  examples?: unknown[];
  default?: unknown;
}

export interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required: boolean;
  schema: Schema;
}

/** `key-id`: Checkout's operations, which a browser calls with the key id alone (HTTP Basic with an empty password). */
export type Auth = 'key' | 'key-id' | 'admin' | 'none';

export interface Operation {
  method: string;
  /** OpenAPI template: `/v1/customers/{id}`. */
  path: string;
  auth: Auth;
  parameters: Parameter[];
  /** null: the operation takes no body. */
  body: { contentType: string; required: boolean; schema: Schema } | null;
  /** Its refusals are pages for a browser that posted a form (Hosted Checkout), as documented, not the envelope. */
  refusesWithPages?: boolean;
}

type Json = Record<string, unknown>;

export function operationsOf(document: Json): Operation[] {
  const resolve = <T>(value: T): T => resolveRefs(document, value, 0) as T;
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(document['paths'] as Record<string, Json>)) {
    const shared = (item['parameters'] as unknown[] | undefined) ?? [];
    for (const [method, raw] of Object.entries(item)) {
      if (method === 'parameters') continue;
      const operation = resolve(raw) as Json;
      const parameters = [
        ...(resolve(shared) as Parameter[]),
        ...((operation['parameters'] as Parameter[] | undefined) ?? []),
      ];
      const requestBody = operation['requestBody'] as
        { required?: boolean; content: Record<string, { schema: Schema }> } | undefined;
      const [contentType, media] = requestBody ? Object.entries(requestBody.content)[0] : [];
      const security = operation['security'] as unknown[] | undefined;
      const refusal = (operation['responses'] as Record<string, Json> | undefined)?.['400'];
      const refusesWithPages = 'text/html' in ((refusal?.['content'] as Json | undefined) ?? {});
      operations.push({
        method: method.toUpperCase(),
        path,
        auth: authOf(security),
        parameters: parameters.map((p) => ({
          ...p,
          required: p.required === true,
          schema: p.schema ?? {},
        })),
        body:
          contentType && media
            ? { contentType, required: requestBody?.required === true, schema: media.schema ?? {} }
            : null,
        ...(refusesWithPages ? { refusesWithPages } : {}),
      });
    }
  }
  return [...operations, ...UNLISTED_OPERATIONS];
}

function authOf(security: unknown[] | undefined): Auth {
  if (security && security.length === 0) return 'none';
  const keyIdOnly = security?.some((scheme) => 'keyId' in (scheme as Record<string, unknown>));
  return keyIdOnly ? 'key-id' : 'key';
}

function resolveRefs(document: Json, value: unknown, depth: number): unknown {
  if (depth > 40) return {}; // a recursive schema: deep enough for any variant
  if (Array.isArray(value)) return value.map((v) => resolveRefs(document, v, depth + 1));
  if (!value || typeof value !== 'object') return value;
  const ref = (value as Json)['$ref'];
  if (typeof ref === 'string') {
    const target = ref
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (node as Json)[key], document);
    return resolveRefs(document, target, depth + 1);
  }
  return Object.fromEntries(
    Object.entries(value).map(([key, v]) => [key, resolveRefs(document, v, depth + 1)]),
  );
}

const id = (name: string, pattern: string): Parameter => ({
  name,
  in: 'path',
  required: true,
  schema: { type: 'string', pattern },
});
const query = (name: string, schema: Schema): Parameter => ({
  name,
  in: 'query',
  required: false,
  schema,
});
const ACCOUNT_ID = id('id', '^acc_[0-9A-Za-z]{14}$');
const MODE: Schema = { type: 'string', enum: ['test', 'live'] };
const json = (schema: Schema, required = true) => ({
  contentType: 'application/json',
  required,
  schema,
});
const admin = (
  method: string,
  path: string,
  parameters: Parameter[],
  body: Operation['body'] = null,
): Operation => ({ method, path, auth: 'admin', parameters, body });
const page = (path: string, pattern: string): Operation => ({
  method: 'GET',
  path,
  auth: 'none',
  parameters: [id('file', pattern)],
  body: null,
});

/**
 * The admin API (docs/api-guide.md, Admin API) and the public pages that are not in the document,
 * the test bank's answer (a form its page posts back) among them.
 */
const UNLISTED_OPERATIONS: readonly Operation[] = [
  admin(
    'POST',
    '/admin/v1/accounts',
    [],
    json({
      type: 'object',
      required: ['name'],
      properties: { name: { type: 'string', minLength: 1, examples: ['Fuzz'] } },
    }),
  ),
  admin('GET', '/admin/v1/accounts/{id}', [ACCOUNT_ID]),
  admin(
    'POST',
    '/admin/v1/accounts/{id}/keys',
    [ACCOUNT_ID],
    json({ type: 'object', required: ['mode'], properties: { mode: MODE } }),
  ),
  admin('DELETE', '/admin/v1/keys/{id}', [id('id', '^rzp_(test|live)_[0-9A-Za-z]{14}$')]),
  admin(
    'POST',
    '/admin/v1/accounts/{id}/offers',
    [ACCOUNT_ID],
    json({
      type: 'object',
      required: ['mode', 'name', 'discount_type'],
      properties: {
        mode: MODE,
        name: { type: 'string', minLength: 1, examples: ['Fuzz offer'] },
        discount_type: { type: 'string', enum: ['percent', 'flat'] },
        discount_percent: { type: 'integer', minimum: 1, maximum: 100, examples: [10] },
        cycles: { type: 'integer', minimum: 1, examples: [1] },
      },
    }),
  ),
  admin('GET', '/admin/v1/accounts/{id}/offers', [ACCOUNT_ID, query('mode', MODE)]),
  admin('GET', '/admin/v1/accounts/{id}/offers/{offer_id}', [
    ACCOUNT_ID,
    id('offer_id', '^offer_[0-9A-Za-z]{14}$'),
    query('mode', MODE),
  ]),
  admin(
    'POST',
    '/admin/v1/accounts/{id}/offers/{offer_id}/deactivate',
    [ACCOUNT_ID, id('offer_id', '^offer_[0-9A-Za-z]{14}$')],
    json({ type: 'object', required: ['mode'], properties: { mode: MODE } }),
  ),
  admin('GET', '/admin/v1/accounts/{id}/features', [ACCOUNT_ID]),
  admin(
    'PATCH',
    '/admin/v1/accounts/{id}/features',
    [ACCOUNT_ID],
    json({
      type: 'object',
      required: ['mode', 'upi_qr'],
      properties: { mode: MODE, upi_qr: { type: 'boolean' } },
    }),
  ),
  admin('GET', '/admin/v1/accounts/{id}/ledger', [ACCOUNT_ID, query('mode', MODE)]),
  admin('GET', '/admin/v1/accounts/{id}/settlement_settings', [ACCOUNT_ID, query('mode', MODE)]),
  admin(
    'PATCH',
    '/admin/v1/accounts/{id}/settlement_settings',
    [ACCOUNT_ID],
    json({
      type: 'object',
      required: ['mode'],
      properties: {
        mode: MODE,
        settlement_delay_days: { type: 'integer', minimum: 0, maximum: 30 },
        bank_transfers_fail: { type: 'boolean' },
      },
    }),
  ),
  admin('GET', '/admin/v1/dead_letters', [
    query('service', { type: 'string', enum: ['billing', 'payments', 'settlements', 'webhooks'] }),
    query('all', { type: 'integer', enum: [0, 1] }),
  ]),
  admin('POST', '/admin/v1/dead_letters/{service}/replay_all', [
    id('service', '^(billing|payments|settlements|webhooks)$'),
  ]),
  admin('POST', '/admin/v1/dead_letters/{service}/{id}/replay', [
    id('service', '^(billing|payments|settlements|webhooks)$'),
    id('id', '^[0-9]+$'),
  ]),
  page('/bills/{file}', '^bill_[0-9A-Za-z]{14}$'),
  page('/i/{file}', '^inv_[0-9A-Za-z]{14}$'),
  page('/s/{file}', '^sub_[0-9A-Za-z]{14}$'),
  page('/l/{file}', '^plink_[0-9A-Za-z]{14}$'),
  page('/v1/checkout/test-bank/{file}', '^pay_[0-9A-Za-z]{14}$'),
  {
    ...page('/v1/checkout/test-bank/{file}', '^pay_[0-9A-Za-z]{14}$'),
    method: 'POST',
    body: {
      contentType: 'application/x-www-form-urlencoded',
      required: true,
      schema: { type: 'object', properties: { otp: { type: 'string', examples: ['123456'] } } },
    },
  },
  page('/docs/{file}', '^swagger-ui\\.css$'),
];
