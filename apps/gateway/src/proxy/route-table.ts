export type ServiceName = 'billing' | 'payments' | 'settlements' | 'webhooks';
export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RouteEntry {
  method: HttpMethod;
  path: string;
  service: ServiceName;
  /** For a route every service serves for its own entities: the owner, from the query. */
  ownerOf?: (query: Record<string, unknown>) => ServiceName;
}

/** Each service's entities, by their ids' prefix (`pay_1Aa00000000001`). */
const ENTITY_PREFIXES: Record<ServiceName, string[]> = {
  billing: ['cust', 'item', 'plan', 'sub', 'inv', 'bill', 'ao', 'offer'],
  payments: ['order', 'pay', 'rfnd', 'disp', 'qr', 'doc'],
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

/** Routes every service serves for its own entities: `GET /v1/events?entity_id=` (entity history). */
const BY_ENTITY: RouteEntry[] = [
  { method: 'GET', path: '/v1/events', service: 'payments', ownerOf: ownerOfEntity },
];

/**
 * Every public path and the service that owns it: the spec's endpoint tables, plus what the
 * official SDK uses for orders, add-ons, on-demand settlements and webhooks (with an account id the
 * SDK's webhooks.* call `/v2/accounts/:account_id/webhooks`), and the test-mode simulator
 * (`POST /v1/simulator/clock/advance` is the gateway's own: it owns the test clocks).
 * Fixed segments win over parameters (`/payments/qr_codes` and `/payments/downtimes` before
 * `/payments/:id`). A route whose
 * service part is not built yet is answered by that service like an unknown URL.
 */
const TABLE: Record<ServiceName, string[]> = {
  billing: [
    'POST /v1/customers',
    'GET /v1/customers',
    'GET /v1/customers/:id',
    'PUT /v1/customers/:id',
    'POST /v1/plans',
    'GET /v1/plans',
    'GET /v1/plans/:id',
    'POST /v1/subscriptions',
    'GET /v1/subscriptions',
    'GET /v1/subscriptions/:id',
    'PATCH /v1/subscriptions/:id',
    'POST /v1/subscriptions/:id/cancel',
    'GET /v1/subscriptions/:id/retrieve_scheduled_changes',
    'POST /v1/subscriptions/:id/cancel_scheduled_changes',
    'POST /v1/subscriptions/:id/pause',
    'POST /v1/subscriptions/:id/resume',
    'POST /v1/subscriptions/:id/addons',
    'DELETE /v1/subscriptions/:id/:offer_id',
    'GET /v1/addons',
    'GET /v1/addons/:id',
    'DELETE /v1/addons/:id',
    'POST /v1/invoices',
    'GET /v1/invoices',
    'GET /v1/invoices/:id',
    'PATCH /v1/invoices/:id',
    'DELETE /v1/invoices/:id',
    'POST /v1/invoices/:id/issue',
    'POST /v1/invoices/:id/cancel',
    'POST /v1/invoices/:id/notify_by/:medium',
    'POST /v1/items',
    'GET /v1/items',
    'GET /v1/items/:id',
    'PATCH /v1/items/:id',
    'DELETE /v1/items/:id',
    'POST /v1/bills',
    'GET /v1/bills',
    'GET /v1/bills/:id',
    'PATCH /v1/bills/:id',
    'DELETE /v1/bills/:id',
  ],
  payments: [
    'POST /v1/orders',
    'GET /v1/orders',
    'GET /v1/orders/:id',
    'PATCH /v1/orders/:id',
    'GET /v1/orders/:id/payments',
    'GET /v1/payments',
    'GET /v1/payments/:id',
    'PATCH /v1/payments/:id',
    'POST /v1/payments/:id/capture',
    'GET /v1/payments/:id/card',
    'GET /v1/payments/downtimes',
    'GET /v1/payments/downtimes/:id',
    'POST /v1/payments/:id/refund',
    'GET /v1/payments/:id/refunds',
    'GET /v1/payments/:id/refunds/:refund_id',
    'POST /v1/payments/qr_codes',
    'GET /v1/payments/qr_codes',
    'GET /v1/payments/qr_codes/:id',
    'POST /v1/payments/qr_codes/:id/close',
    'GET /v1/payments/qr_codes/:id/payments',
    'PATCH /v1/payments/qr_codes/:id/payments',
    'GET /v1/refunds',
    'GET /v1/refunds/:id',
    'PATCH /v1/refunds/:id',
    'GET /v1/disputes',
    'GET /v1/disputes/:id',
    'POST /v1/disputes/:id/accept',
    'PATCH /v1/disputes/:id/contest',
    'POST /v1/documents',
    'GET /v1/documents/:id',
    'GET /v1/documents/:id/content',
    'POST /v1/simulator/payments',
    'POST /v1/simulator/disputes',
    'POST /v1/simulator/subscriptions/:id/decline_charges',
  ],
  settlements: [
    'GET /v1/settlements',
    'GET /v1/settlements/:id',
    'GET /v1/settlements/recon/combined',
    'POST /v1/settlements/ondemand',
    'GET /v1/settlements/ondemand',
    'GET /v1/settlements/ondemand/:id',
  ],
  webhooks: [
    'POST /v1/webhooks',
    'GET /v1/webhooks',
    'GET /v1/webhooks/:id',
    'PUT /v1/webhooks/:id',
    'DELETE /v1/webhooks/:id',
    'GET /v1/webhooks/:id/deliveries',
    'POST /v1/webhooks/:id/deliveries/:delivery_id/retry',
    'POST /v2/accounts/:account_id/webhooks',
    'GET /v2/accounts/:account_id/webhooks',
    'GET /v2/accounts/:account_id/webhooks/:id',
    'PATCH /v2/accounts/:account_id/webhooks/:id',
    'DELETE /v2/accounts/:account_id/webhooks/:id',
  ],
};

export const ROUTES: readonly RouteEntry[] = [
  ...(Object.entries(TABLE) as [ServiceName, string[]][]).flatMap(([service, routes]) =>
    routes.map((route) => {
      const [method, path] = route.split(' ') as [HttpMethod, string];
      return { method, path, service };
    }),
  ),
  ...BY_ENTITY,
];
