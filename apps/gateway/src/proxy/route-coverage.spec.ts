import Fastify from 'fastify';
import type { CheckoutOptions } from '../checkout/checkout-context';
import { checkoutPlugin } from '../checkout/checkout.plugin';
import { CHECKOUT_PATHS } from '../checkout/checkout-paths';
import { GENERATED_DOCUMENT } from '../docs/generated-document';
import type { TestClockRegistry } from '../test-clock/test-clock.registry';
import { registerTestClockRoutes } from '../test-clock/test-clock.routes';
import { PUBLIC_PAGES, publicPagesPlugin } from './public-pages.plugin';
import { RouteMatcher } from './route-matcher';
import { ROUTES } from './route-table';

/** The public pages for people, not integrators: HTML, not part of the API's description. */
const PAGES_FOR_PEOPLE = [
  'bill receipt page',
  'invoice page',
  'subscription page',
  'payment link page',
  'test bank page',
];
/** Checkout's files for the browser, which checkout.js points at: not part of the API's description. */
const CHECKOUT_FILES_FOR_BROWSERS = [
  CHECKOUT_PATHS.scriptAlias,
  CHECKOUT_PATHS.frame,
  CHECKOUT_PATHS.assets,
].map((path) => `GET ${path}`);

const operations = Object.entries(GENERATED_DOCUMENT.paths).flatMap(([path, byMethod]) =>
  Object.entries(byMethod).map(([method, operation]) => ({
    method: method.toUpperCase(),
    path,
    servedBy: operation['x-served-by'],
  })),
);

/** A concrete URL of an OpenAPI path: each parameter an entity id. */
const urlOf = (path: string) => path.replace(/\{\w+\}/g, 'pay_1Aa00000000001');

/** The routes the gateway answers itself (method and path as Fastify registered them). */
async function gatewayOwnRoutes(): Promise<string[]> {
  const fastify = Fastify();
  const routes: string[] = [];
  fastify.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      if (method !== 'HEAD') routes.push(`${method} ${route.url}`);
  });
  registerTestClockRoutes(fastify, {} as TestClockRegistry);
  await fastify.register(publicPagesPlugin, {
    upstreams: { billing: 'http://billing', payments: 'http://payments' },
    internalToken: 'token',
    perAddressPerMinute: 1,
  });
  // Without the services' key-id-only operations, which it forwards: the routes it answers itself.
  await fastify.register(checkoutPlugin, {
    routes: [],
    directory: 'no-checkout-build',
    limits: { perKeyPerMinute: 1, perAddressPerMinute: 1 },
    bodyLimitBytes: 1024,
  } as unknown as CheckoutOptions);
  await fastify.ready();
  await fastify.close();
  return routes;
}

const asOpenApi = (route: string) => route.replace(/:(\w+)/g, '{$1}');

describe('the routes the gateway serves and the operations the OpenAPI document describes', () => {
  const matcher = new RouteMatcher(ROUTES);

  it.each(operations.filter((operation) => operation.servedBy))(
    'routes $method $path to the service that serves it',
    ({ method, path, servedBy }) => {
      const service = matcher.match(method, urlOf(path), { entity_id: 'pay_1Aa00000000001' });
      expect(servedBy).toContain(service);
    },
  );

  it('answers itself every operation no service serves, and describes every route it answers itself', async () => {
    const own = (await gatewayOwnRoutes()).map(asOpenApi);
    const pagesForPeople = PUBLIC_PAGES.filter((page) => PAGES_FOR_PEOPLE.includes(page.what))
      .flatMap((page) =>
        (page.formPath ? ['GET', 'POST'] : ['GET']).map((m) => `${m} ${page.route}`),
      )
      .concat(CHECKOUT_FILES_FOR_BROWSERS)
      .map(asOpenApi);
    const documentedOwn = operations
      .filter((operation) => !operation.servedBy)
      .map((operation) => `${operation.method} ${operation.path}`);
    expect(documentedOwn.filter((route) => !own.includes(route))).toEqual([]);
    expect(
      own.filter((route) => !documentedOwn.includes(route) && !pagesForPeople.includes(route)),
    ).toEqual([]);
  });

  it('routes nothing the document does not describe', () => {
    const documented = new Set(
      operations.map(
        (operation) => `${operation.method} ${operation.path.replace(/\{(\w+)\}/g, ':$1')}`,
      ),
    );
    expect(
      ROUTES.map((route) => `${route.method} ${route.path}`).filter(
        (route) => !documented.has(route),
      ),
    ).toEqual([]);
  });
});
