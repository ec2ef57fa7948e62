import { GENERATED_DOCUMENT } from '../docs/generated-document';
import type { GeneratedDocument } from '../docs/generated-document';

export type ServiceName = 'billing' | 'payments' | 'settlements' | 'webhooks';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteEntry {
  method: HttpMethod;
  path: string;
  service: ServiceName;
  /** For a route every service serves for its own entities: the owner, from the query. */
  ownerOf?: (query: Record<string, unknown>) => ServiceName;
  /** Checkout's: called with the key id alone, served by the checkout plugin, never by the proxy. */
  keyIdOnly: boolean;
}

/** Each service's entities, by their ids' prefix (`pay_1Aa00000000001`). */
const ENTITY_PREFIXES: Record<ServiceName, string[]> = {
  billing: ['cust', 'item', 'plan', 'sub', 'inv', 'bill', 'ao', 'offer'],
  payments: ['order', 'pay', 'rfnd', 'disp', 'qr', 'doc', 'plink'],
  settlements: ['setl', 'setlod'],
  webhooks: ['wh'],
};
const ENTITY_OWNERS = new Map(
  (Object.entries(ENTITY_PREFIXES) as [ServiceName, string[]][]).flatMap(([service, prefixes]) =>
    prefixes.map((prefix) => [prefix, service] as const),
  ),
);

/**
 * The service that keeps the events of `entity_id`, by its prefix. Without an id of a known kind the
 * request goes to payments, which answers it as any service would (a 400 naming the problem).
 */
export function ownerOfEntity(query: Record<string, unknown>): ServiceName {
  const id = query['entity_id'];
  const prefix = typeof id === 'string' ? id.slice(0, id.lastIndexOf('_')) : '';
  return ENTITY_OWNERS.get(prefix) ?? 'payments';
}

/** A path of the OpenAPI document as the router reads it: `/v1/payments/{id}` → `/v1/payments/:id`. */
const routePath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1');

const isService = (name: string): name is ServiceName => name in ENTITY_PREFIXES;

/**
 * The routes of the services' operations in the OpenAPI document, each to the service that serves
 * it (`x-served-by`, written by the generator from the service's controllers). An operation every
 * service serves for its own entities (`GET /v1/events?entity_id=`, the entity history) goes to the
 * owner of the entity. The gateway's own operations (the test clock, QR code images) name no
 * service: it answers them itself. An operation marked `x-key-id-only` (Checkout's) is served by
 * the checkout plugin, the others by the proxy, each with its own authentication.
 */
export function routesOf(document: GeneratedDocument): RouteEntry[] {
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.entries(operations).flatMap(([verb, operation]) => {
      const services = operation['x-served-by'];
      if (!services) return [];
      const unknown = services.find((service) => !isService(service));
      if (unknown !== undefined) throw new Error(`${verb} ${path}: no service ${unknown}`);
      const [service] = services as ServiceName[];
      return [
        {
          method: verb.toUpperCase() as HttpMethod,
          path: routePath(path),
          service: service as ServiceName,
          keyIdOnly: operation['x-key-id-only'] === true,
          ...(services.length > 1 ? { ownerOf: ownerOfEntity } : {}),
        },
      ];
    }),
  );
}

/** Every public path and the service that owns it: the services' operations in the document. */
export const ROUTES: readonly RouteEntry[] = routesOf(GENERATED_DOCUMENT);

/** The routes authenticated with the key pair (the proxy's), and Checkout's, called with the key id alone. */
export function routesByAuthentication(routes: readonly RouteEntry[]): {
  keyPair: RouteEntry[];
  keyIdOnly: RouteEntry[];
} {
  return {
    keyPair: routes.filter((route) => !route.keyIdOnly),
    keyIdOnly: routes.filter((route) => route.keyIdOnly),
  };
}
