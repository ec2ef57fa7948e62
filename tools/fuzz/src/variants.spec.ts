import { operationsOf } from './operations';
import type { Operation } from './operations';
import type { Variant } from './variants';
import { variantsOf } from './variants';
import { judge } from './verdict';

const DOCUMENT = {
  paths: {
    '/v1/customers': {
      post: {
        requestBody: {
          required: true,
          content: {
            'application/json': { schema: { $ref: '#/components/schemas/CreateCustomer' } },
          },
        },
      },
      get: { parameters: [{ $ref: '#/components/parameters/skip' }] },
    },
    '/v1/customers/{id}': {
      get: {
        parameters: [
          {
            name: 'id',
            in: 'path',
            required: true,
            schema: { type: 'string', pattern: '^cust_[0-9A-Za-z]{14}$' },
          },
        ],
      },
    },
    '/v1/documents/{id}/content': {
      get: {
        parameters: [
          {
            name: 'id',
            in: 'path',
            required: true,
            schema: { type: 'string', pattern: '^doc_[0-9A-Za-z]{14}$' },
          },
        ],
      },
    },
    '/v1/notes': {
      post: {
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                properties: { note: { type: 'string' }, customer_id: { type: 'string' } },
              },
            },
          },
        },
      },
    },
    '/v1/checkout/payments/{id}': {
      get: {
        security: [{ keyId: [] }],
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
      },
    },
    '/v1/checkout/embedded': {
      post: {
        security: [],
        requestBody: {
          required: true,
          content: { 'application/x-www-form-urlencoded': { schema: { type: 'object' } } },
        },
        responses: { '400': { content: { 'text/html': { schema: { type: 'string' } } } } },
      },
    },
  },
  components: {
    parameters: {
      skip: { name: 'skip', in: 'query', required: false, schema: { type: 'integer', minimum: 0 } },
    },
    schemas: {
      CreateCustomer: {
        type: 'object',
        additionalProperties: false,
        required: ['name'],
        properties: {
          name: { type: 'string', maxLength: 50, examples: ['Gaurav Kumar'] },
          amount: { type: 'integer', minimum: 100 },
        },
      },
    },
  },
};
const FIXTURES = {
  accountId: 'acc_AAAAAAAAAAAAAA',
  ownIds: [
    'cust_BBBBBBBBBBBBBB',
    'order_CCCCCCCCCCCCCC',
    'doc_FFFFFFFFFFFFFF',
    'doc_GGGGGGGGGGGGGG',
  ],
  otherAccountId: 'acc_DDDDDDDDDDDDDD',
  otherAccountCustomerId: 'cust_EEEEEEEEEEEEEE',
};

const operations = operationsOf(DOCUMENT);
const operation = (method: string, path: string): Operation =>
  operations.find((o) => o.method === method && o.path === path) as Operation;
const variant = (variants: Variant[], detail: string): Variant => {
  const found = variants.find((v) => v.detail === detail);
  if (!found)
    throw new Error(`no variant "${detail}" in:\n${variants.map((v) => v.detail).join('\n')}`);
  return found;
};

describe('The operations', () => {
  it('are those of the document, $refs resolved, then the admin API and the public pages', () => {
    expect(operation('GET', '/v1/customers').parameters).toEqual([
      expect.objectContaining({ name: 'skip', in: 'query' }),
    ]);
    expect(operation('POST', '/v1/customers').body?.schema.additionalProperties).toBe(false);
    expect(operation('PATCH', '/admin/v1/accounts/{id}/features').auth).toBe('admin');
    expect(operation('GET', '/i/{file}').auth).toBe('none');
    expect(operation('GET', '/l/{file}').auth).toBe('none');
    expect(operation('POST', '/v1/checkout/test-bank/{file}')).toMatchObject({
      auth: 'none',
      body: { contentType: 'application/x-www-form-urlencoded' },
    });
    expect(operation('GET', '/v1/customers').auth).toBe('key');
    // Checkout's operations are fuzzed as a browser calls them: the key id alone.
    expect(operation('GET', '/v1/checkout/payments/{id}').auth).toBe('key-id');
  });
});

describe('The variants of an operation', () => {
  it('are at least 30 for every operation, and the same for the same seed', () => {
    for (const o of operations)
      expect(variantsOf(o, FIXTURES, 16).length).toBeGreaterThanOrEqual(30);
    expect(variantsOf(operation('POST', '/v1/customers'), FIXTURES, 16)).toEqual(
      variantsOf(operation('POST', '/v1/customers'), FIXTURES, 16),
    );
  });

  it('must be refused where the document says so: unknown fields only where the schema forbids them', () => {
    expect(
      variant(variantsOf(operation('POST', '/v1/customers'), FIXTURES, 16), 'fuzz_unknown: 1')
        .mustRefuse,
    ).toBe(true);
    expect(
      variant(variantsOf(operation('POST', '/v1/notes'), FIXTURES, 16), 'fuzz_unknown: 1')
        .mustRefuse,
    ).toBe(false);
  });

  it('must be refused for NUL bytes, lone surrogates, unsafe numbers and deep nesting; null only where it cannot mean "absent"', () => {
    const variants = variantsOf(operation('POST', '/v1/customers'), FIXTURES, 16);
    for (const detail of [
      'name: "fuzz\\u0000fuzz"',
      'name: "a\\ud800b"',
      'amount: 1e+308',
      'amount: 9007199254740993 (2^53 + 1, as written)',
      '5000 nested arrays',
      'name: null',
      'amount: null',
    ])
      expect([detail, variant(variants, detail).mustRefuse]).toEqual([detail, true]);
    expect(
      variant(variantsOf(operation('POST', '/v1/notes'), FIXTURES, 16), 'note: null').mustRefuse,
    ).toBe(false);
  });

  it("must be refused for another account's id, another resource's id and path traversal", () => {
    const variants = variantsOf(operation('GET', '/v1/customers/{id}'), FIXTURES, 16);
    expect(variant(variants, "id: another account's id").request.path).toBe(
      '/v1/customers/cust_EEEEEEEEEEEEEE',
    );
    expect(variant(variants, "id: another resource's id").request.path).toBe(
      '/v1/customers/order_CCCCCCCCCCCCCC',
    );
    expect(variants.filter((v) => v.kind === 'path').every((v) => v.mustRefuse)).toBe(true);
  });

  it("read the account's own entities of the kind, each document's download among them", () => {
    const own = variantsOf(operation('GET', '/v1/documents/{id}/content'), FIXTURES, 16).filter(
      (v) => v.kind === 'own entity',
    );
    expect(own.map((v) => [v.request.path, v.mustRefuse])).toEqual([
      ['/v1/documents/doc_FFFFFFFFFFFFFF/content', false],
      ['/v1/documents/doc_GGGGGGGGGGGGGG/content', false],
    ]);
    expect(judge(own[0], 500, '{"statusCode":500,"code":"ERR_INVALID_CHAR"}')).toBe('5xx');
  });

  it("must be refused for another account's id in a body's reference field", () => {
    const found = variant(
      variantsOf(operation('POST', '/v1/notes'), FIXTURES, 16),
      "customer_id: another account's customer",
    );
    expect([found.mustRefuse, found.request.body]).toEqual([
      true,
      '{"customer_id":"cust_EEEEEEEEEEEEEE"}',
    ]);
  });

  it('may be accepted for unknown or duplicate query parameters (dropped by design); huge and negative numbers must be refused', () => {
    const variants = variantsOf(operation('GET', '/v1/customers'), FIXTURES, 16);
    expect(variant(variants, 'prototype-pollution keys').mustRefuse).toBe(false);
    expect(variant(variants, 'skip twice').mustRefuse).toBe(false);
    expect(variant(variants, 'skip="1e99"').mustRefuse).toBe(true);
    expect(variant(variants, 'skip="99999999999999999999"').mustRefuse).toBe(true);
    expect(variant(variants, 'skip="-1"').mustRefuse).toBe(true);
    expect(variant(variants, 'skip="\\u0000"').mustRefuse).toBe(true);
  });
});

describe('The verdict on an answer', () => {
  const refused = variantsOf(operation('GET', '/v1/customers/{id}'), FIXTURES, 16)[0];
  const envelope = JSON.stringify({
    error: {
      code: 'BAD_REQUEST_ERROR',
      description: 'The id provided does not exist',
      field: 'id',
    },
  });

  it('passes a 4xx in the envelope', () => expect(judge(refused, 400, envelope)).toBeNull());
  it('fails any 5xx, even in the envelope', () =>
    expect(
      judge(refused, 500, JSON.stringify({ error: { code: 'SERVER_ERROR', description: '…' } })),
    ).toBe('5xx'));
  it('fails a 2xx for input that must be refused', () =>
    expect(judge(refused, 200, '{}')).toBe('accepted input that must be refused'));
  it('fails an error outside the envelope', () =>
    expect(judge(refused, 431, '')).toBe('error outside the envelope'));
  it('passes a refusal as a page only where the operation documents pages (Hosted Checkout)', () => {
    const page = '<!doctype html>\n<html lang="en"><h1>This checkout cannot open</h1></html>';
    const [hosted] = variantsOf(operation('POST', '/v1/checkout/embedded'), FIXTURES, 16);
    expect(judge(hosted, 400, page)).toBeNull();
    expect(judge(hosted, 400, envelope)).toBeNull();
    expect(judge(hosted, 400, 'Bad Request')).toBe('error outside the envelope');
    expect(judge(refused, 400, page)).toBe('error outside the envelope');
  });
  it('fails no answer at all', () =>
    expect(judge(refused, null, 'SocketError: other side closed')).toBe('no answer'));
});
