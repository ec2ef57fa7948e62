import { ROUTES } from '../proxy/route-table';
import { GENERATED_DOCUMENT, publishedDocument } from './generated-document';

type Paths = Record<string, Record<string, unknown>>;

const document = GENERATED_DOCUMENT as unknown as {
  paths: Paths;
  components: Record<string, Record<string, unknown>>;
};

/** `/v1/payments/:id/refunds/:refund_id` and `/v1/payments/{id}/refunds/{refund_id}` name the same path. */
const shapeOf = (path: string) => path.replace(/:\w+|\{\w+\}/g, '{}');

const documented = new Set(
  Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations).map((method) => `${method.toUpperCase()} ${shapeOf(path)}`),
  ),
);

describe('the OpenAPI document', () => {
  it('leaves out, when published, which service serves each operation and how the gateway routes it', () => {
    expect(publishedDocument()).not.toContain('x-served-by');
    expect(publishedDocument()).not.toContain('x-key-id-only');
  });

  it.each(ROUTES.map((route) => [route.method, route.path]))(
    'describes %s %s, which the gateway routes',
    (method, path) => {
      expect(documented).toContain(`${method} ${shapeOf(path)}`);
    },
  );

  it('defines every schema it refers to', () => {
    const refs = [
      ...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g),
    ].map(([, name]) => name);
    expect(refs.filter((name) => !(name in document.components['schemas']))).toEqual([]);
  });

  it('defines every parameter, response and header it refers to', () => {
    const refs = [
      ...JSON.stringify(document).matchAll(
        /"\$ref":"#\/components\/(parameters|responses|headers)\/(\w+)"/g,
      ),
    ].map(([, kind, name]) => [kind, name]);
    expect(refs.filter(([kind, name]) => !(name in document.components[kind]))).toEqual([]);
  });

  it('describes exactly the parameters of each path', () => {
    const mismatched = Object.entries(document.paths).flatMap(([path, operations]) => {
      const inPath = [...path.matchAll(/\{(\w+)\}/g)].map(([, name]) => name).sort();
      return Object.entries(operations).flatMap(([method, operation]) => {
        const described = (
          (operation as { parameters?: { in?: string; name?: string }[] }).parameters ?? []
        )
          .filter((parameter) => parameter.in === 'path')
          .map((parameter) => parameter.name)
          .sort();
        return JSON.stringify(described) === JSON.stringify(inPath) ? [] : [`${method} ${path}`];
      });
    });
    expect(mismatched).toEqual([]);
  });

  it('names every operation once', () => {
    const ids = Object.values(document.paths).flatMap((operations) =>
      Object.values(operations).map(
        (operation) => (operation as { operationId: string }).operationId,
      ),
    );
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
  });

  type Post = {
    parameters?: unknown[];
    security?: unknown[];
    responses: Record<string, { headers?: object }>;
  };
  const allPosts = Object.entries(document.paths).flatMap(([path, operations]) =>
    'post' in operations ? [[path, operations['post'] as Post] as const] : [],
  );
  // A POST without a key (Hosted Checkout's form) has no account to keep an answer for.
  const posts = allPosts.filter(([, operation]) => operation.security?.length !== 0);

  it('takes no Idempotency-Key on a POST without a key', () => {
    const unkeyed = allPosts.filter(([, operation]) => operation.security?.length === 0);
    expect(unkeyed.map(([path]) => path)).toEqual(['/v1/checkout/embedded']);
    for (const [, operation] of unkeyed)
      expect(JSON.stringify(operation)).not.toContain('IdempotencyKey');
  });

  it.each(posts)(
    'takes an Idempotency-Key on POST %s, answers 409 while it is in use, and marks replays',
    (_path, operation) => {
      expect(operation.parameters).toContainEqual({
        $ref: '#/components/parameters/IdempotencyKey',
      });
      expect(operation.responses['409']).toEqual({
        $ref: '#/components/responses/IdempotencyKeyInUse',
      });
      const success = Object.entries(operation.responses).find(([status]) =>
        status.startsWith('2'),
      );
      expect(success?.[1].headers).toHaveProperty('Idempotent-Replayed');
    },
  );

  it('takes X-Refund-Idempotency on a payment refund only', () => {
    const withRefundKey = posts
      .filter(([, operation]) =>
        (operation.parameters ?? []).some((parameter) =>
          JSON.stringify(parameter).includes('XRefundIdempotency'),
        ),
      )
      .map(([path]) => path);
    expect(withRefundKey).toEqual(['/v1/payments/{id}/refund']);
  });

  it('documents 503 with Retry-After on every operation', () => {
    const operations = Object.values(document.paths).flatMap(
      (operations) => Object.values(operations) as { responses: Record<string, unknown> }[],
    );
    expect(operations.filter((operation) => !operation.responses['503'])).toEqual([]);
  });

  it('describes the signature the gateway adds to a checkout answer', () => {
    const answer = document.components['schemas']['CheckoutAnswer'] as {
      properties: Record<string, unknown>;
    };
    expect(answer.properties).toHaveProperty('razorpay_signature');
  });
});
