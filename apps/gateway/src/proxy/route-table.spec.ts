import { CHECKOUT_DOCUMENT } from '../checkout/checkout.fixtures';
import { routesByAuthentication, routesOf } from './route-table';

describe('the route table', () => {
  const { keyPair, keyIdOnly } = routesByAuthentication(routesOf(CHECKOUT_DOCUMENT));
  const named = (routes: typeof keyPair) => routes.map((route) => `${route.method} ${route.path}`);

  it('gives Checkout the operations their controllers mark key-id-only, and the proxy none of them', () => {
    expect(named(keyIdOnly).sort()).toEqual([
      'GET /v1/checkout/payments/:id',
      'GET /v1/preferences',
      'POST /v1/checkout/payments',
    ]);
    expect(named(keyPair).filter((route) => named(keyIdOnly).includes(route))).toEqual([]);
    expect(named(keyPair)).toContain('POST /v1/simulator/payments');
    expect(keyIdOnly.map((route) => route.service)).toEqual(['payments', 'payments', 'payments']);
  });
});
