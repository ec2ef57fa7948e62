import { GENERATED_DOCUMENT } from './generated-document';

type Operation = {
  parameters?: { name?: string; in?: string; required?: boolean }[];
  'x-served-by'?: string[];
};
const paths = GENERATED_DOCUMENT.paths as unknown as Record<string, Record<string, Operation>>;
const AS_OF = { $ref: '#/components/parameters/as_of' };

/** A service's read of one entity by id (the gateway's own routes, such as a pay page's lookup, read none). */
const readsEntity = (path: string, method: string, operation: Operation) =>
  method === 'get' && path.endsWith('/{id}') && operation['x-served-by'] !== undefined;

describe('the entity history in the OpenAPI document', () => {
  const byId = Object.entries(paths).filter(
    ([path, operations]) => operations['get'] && readsEntity(path, 'get', operations['get']),
  );

  it.each(byId)('takes as_of on GET %s', (_path, operations) => {
    expect(operations['get']?.parameters).toContainEqual(AS_OF);
  });

  it('covers the GETs of every resource by id, and takes as_of nowhere else', () => {
    expect(byId.map(([path]) => path)).toEqual(
      expect.arrayContaining([
        '/v1/payments/{id}',
        '/v1/orders/{id}',
        '/v1/refunds/{id}',
        '/v1/invoices/{id}',
        '/v1/subscriptions/{id}',
        '/v1/settlements/{id}',
        '/v1/webhooks/{id}',
      ]),
    );
    const elsewhere = Object.entries(paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(
          ([method, operation]) =>
            !readsEntity(path, method, operation) &&
            JSON.stringify(operation.parameters ?? []).includes('as_of'),
        )
        .map(([method]) => `${method} ${path}`),
    );
    expect(elsewhere).toEqual([]);
  });

  it('describes GET /v1/events with its required entity_id and the pagination of every list', () => {
    const parameters = paths['/v1/events']?.['get']?.parameters ?? [];
    expect(parameters).toContainEqual(
      expect.objectContaining({ name: 'entity_id', in: 'query', required: true }),
    );
    expect(
      parameters.filter((parameter) => parameter.required === false).map((p) => p.name),
    ).toEqual(['from', 'to', 'count', 'skip']);
  });
});
