import { ROUTES } from '../proxy/route-table';
import { buildOpenApiDocument } from './openapi.document';

type Paths = Record<string, Record<string, unknown>>;

const document = buildOpenApiDocument() as { paths: Paths; components: { schemas: Record<string, unknown> } };

/** `/v1/payments/:id/refunds/:refund_id` and `/v1/payments/{id}/refunds/{refund_id}` name the same path. */
const shapeOf = (path: string) => path.replace(/:\w+|\{\w+\}/g, '{}');

const documented = new Set(Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${shapeOf(path)}`)));

describe('the OpenAPI document', () => {
  it.each(ROUTES.map((route) => [route.method, route.path]))('describes %s %s, which the gateway routes', (method, path) => {
    expect(documented).toContain(`${method} ${shapeOf(path)}`);
  });

  it('defines every schema it refers to', () => {
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g)].map(([, name]) => name);
    expect(refs.filter((name) => !(name in document.components.schemas))).toEqual([]);
  });
});
