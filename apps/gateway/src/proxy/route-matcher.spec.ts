import { RouteMatcher } from './route-matcher';
import { ROUTES } from './route-table';

const matcher = new RouteMatcher(ROUTES);

describe('the route table', () => {
  it.each([
    ['POST', '/v1/customers', 'billing'],
    ['PUT', '/v1/customers/cust_123', 'billing'],
    ['GET', '/v1/payments/qr_codes', 'payments'],
    ['POST', '/v1/payments/qr_codes/qr_1/close', 'payments'],
    ['GET', '/v1/payments/pay_1', 'payments'],
    ['GET', '/v1/payments/pay_1/refunds/rfnd_1', 'payments'],
    ['GET', '/v1/settlements/recon/combined', 'settlements'],
    ['GET', '/v1/settlements/setl_1', 'settlements'],
    ['DELETE', '/v1/subscriptions/sub_1/offer_1', 'billing'],
    ['GET', '/v1/refunds/', 'payments'],
    ['PATCH', '/v1/payments/pay_1/', 'payments'],
    ['GET', '/v1/bills', 'billing'],
    ['GET', '/v1/bills/bill_1', 'billing'],
    ['PATCH', '/v1/bills/bill_1', 'billing'],
    ['DELETE', '/v1/bills/bill_1', 'billing'],
    ['POST', '/v1/webhooks', 'webhooks'],
    ['GET', '/v1/webhooks', 'webhooks'],
    ['GET', '/v1/webhooks/wh_1', 'webhooks'],
    ['PUT', '/v1/webhooks/wh_1', 'webhooks'],
    ['DELETE', '/v1/webhooks/wh_1', 'webhooks'],
    ['GET', '/v1/webhooks/wh_1/deliveries', 'webhooks'],
    ['POST', '/v1/webhooks/wh_1/deliveries/whd_1/retry', 'webhooks'],
    ['POST', '/v2/accounts/acc_1/webhooks', 'webhooks'],
    ['GET', '/v2/accounts/acc_1/webhooks', 'webhooks'],
    ['GET', '/v2/accounts/acc_1/webhooks/', 'webhooks'],
    ['GET', '/v2/accounts/acc_1/webhooks/wh_1', 'webhooks'],
    ['PATCH', '/v2/accounts/acc_1/webhooks/wh_1', 'webhooks'],
    ['DELETE', '/v2/accounts/acc_1/webhooks/wh_1', 'webhooks'],
  ])('sends %s %s to %s', (method, path, service) => {
    expect(matcher.match(method, path)).toBe(service);
  });

  it.each([
    ['GET', '/v1/unknown'],
    ['GET', '/v1/payments/qr_codes/qr_1/close'],
    ['DELETE', '/v1/customers/cust_1'],
    ['POST', '/v1/payments/qr_codes/'.concat('/close')],
    ['GET', '/v2/customers'],
    ['GET', '/v1/customers/cust_1/tokens'],
    ['PUT', '/v1/bills/bill_1'],
    ['GET', '/v1/bills/bill_1/receipt'],
    ['PATCH', '/v1/webhooks/wh_1'],
    ['PUT', '/v2/accounts/acc_1/webhooks/wh_1'],
    ['GET', '/v2/webhooks'],
    ['GET', '/v2/accounts/acc_1'],
    ['GET', '/v2/accounts//webhooks'],
    ['GET', '/v1/webhooks/wh_1/deliveries/whd_1'],
    ['GET', '/v1/webhooks/wh_1/deliveries/whd_1/retry'],
  ])('knows no route for %s %s', (method, path) => {
    expect(matcher.match(method, path)).toBeNull();
  });

  /**
   * The fixed sub-paths the official SDK calls under a resource whose ids we route
   * (`/payments/:id`, `/customers/:id`, …). Each must reach its own route or none at all: a fixed
   * word taken for an id would be answered "The id provided does not exist".
   */
  it.each([
    ['GET', '/v1/payments/downtimes', '/v1/payments/downtimes'],
    ['GET', '/v1/payments/downtimes/down_1', '/v1/payments/downtimes/:id'],
    ['GET', '/v1/payments/qr_codes', '/v1/payments/qr_codes'],
    ['POST', '/v1/payments/create/json', null],
    ['POST', '/v1/payments/create/recurring', null],
    ['POST', '/v1/payments/create/upi', null],
    ['POST', '/v1/payments/validate/vpa', null],
    ['POST', '/v1/customers/eligibility', null],
    ['GET', '/v1/customers/eligibility/elig_1', null],
    ['GET', '/v1/settlements/ondemand', '/v1/settlements/ondemand'],
    ['POST', '/v1/settlements/ondemand', '/v1/settlements/ondemand'],
    ['GET', '/v1/settlements/recon/combined', '/v1/settlements/recon/combined'],
    ['POST', '/v1/tokens/fetch', null],
    ['GET', '/v1/iins/list', null],
    ['POST', '/v1/cards/fingerprints', null],
  ])('never takes the fixed path %s %s for an id', (method, path, pattern) => {
    expect(matcher.route(method, path)?.pattern ?? null).toBe(pattern);
  });

  it('lists every path of the spec', () => {
    const spec = [
      'POST /v1/plans',
      'GET /v1/plans',
      'GET /v1/plans/:id',
      'POST /v1/subscriptions',
      'GET /v1/subscriptions',
      'GET /v1/subscriptions/:id',
      'POST /v1/subscriptions/:id/cancel',
      'PATCH /v1/subscriptions/:id',
      'GET /v1/subscriptions/:id/retrieve_scheduled_changes',
      'POST /v1/subscriptions/:id/cancel_scheduled_changes',
      'POST /v1/subscriptions/:id/pause',
      'POST /v1/subscriptions/:id/resume',
      'DELETE /v1/subscriptions/:sub_id/:offer_id',
      'POST /v1/customers',
      'PUT /v1/customers/:id',
      'GET /v1/customers',
      'GET /v1/customers/:id',
      'POST /v1/payments/qr_codes',
      'POST /v1/payments/qr_codes/:id/close',
      'GET /v1/payments/qr_codes',
      'GET /v1/payments/qr_codes/:id',
      'GET /v1/payments/qr_codes/:id/payments',
      'PATCH /v1/payments/qr_codes/:id/payments',
      'POST /v1/payments/:id/refund',
      'POST /v1/invoices',
      'PATCH /v1/invoices/:id',
      'POST /v1/invoices/:id/issue',
      'DELETE /v1/invoices/:id',
      'POST /v1/invoices/:id/cancel',
      'GET /v1/invoices/:id',
      'GET /v1/invoices',
      'POST /v1/invoices/:id/notify_by/:medium',
      'POST /v1/items',
      'GET /v1/items/:id',
      'GET /v1/items',
      'PATCH /v1/items/:id',
      'DELETE /v1/items/:id',
      'POST /v1/payments/:id/capture',
      'GET /v1/payments/:id',
      'GET /v1/payments',
      'GET /v1/orders/:id/payments',
      'GET /v1/payments/:id/card',
      'PATCH /v1/payments/:id/',
      'GET /v1/disputes',
      'GET /v1/disputes/:id',
      'POST /v1/disputes/:id/accept',
      'PATCH /v1/disputes/:id/contest',
      'GET /v1/payments/:id/refunds',
      'GET /v1/payments/:payment_id/refunds/:refund_id',
      'GET /v1/refunds/',
      'GET /v1/refunds/:id',
      'PATCH /v1/refunds/:id/',
      'POST /v1/bills',
      'PATCH /v1/bills/:bill_id',
      'DELETE /v1/bills/:bill_id',
      'POST /v1/documents',
      'GET /v1/documents/:id',
      'GET /v1/documents/:id/content',
      'GET /v1/settlements/',
      'GET /v1/settlements/:id',
      'GET /v1/settlements/recon/combined',
    ];
    for (const entry of spec) {
      const [method, path] = entry.split(' ');
      expect({ entry, service: matcher.match(method, path.replace(/:[a-z_]+/g, 'x_1')) }).toEqual({
        entry,
        service: expect.any(String),
      });
    }
  });
});

describe('the entity history route', () => {
  it.each([
    ['pay_1Aa00000000001', 'payments'],
    ['order_1Aa00000000001', 'payments'],
    ['rfnd_1Aa00000000001', 'payments'],
    ['disp_1Aa00000000001', 'payments'],
    ['qr_1Aa00000000001', 'payments'],
    ['doc_1Aa00000000001', 'payments'],
    ['plink_1Aa00000000001', 'payments'],
    ['cust_1Aa00000000001', 'billing'],
    ['inv_1Aa00000000001', 'billing'],
    ['sub_1Aa00000000001', 'billing'],
    ['bill_1Aa00000000001', 'billing'],
    ['setl_1Aa00000000001', 'settlements'],
    ['setlod_1Aa00000000001', 'settlements'],
    ['wh_1Aa00000000001', 'webhooks'],
  ])('sends GET /v1/events?entity_id=%s to %s', (entityId, service) => {
    expect(matcher.route('GET', '/v1/events', { entity_id: entityId })).toEqual({
      service,
      pattern: '/v1/events',
    });
  });

  it.each([
    [{}],
    [{ entity_id: 'nope' }],
    [{ entity_id: ['pay_1', 'wh_1'] }],
    [{ entity_id: 'x_1' }],
  ])(
    'sends %j, which names no entity of a known kind, to payments (it answers the 400)',
    (query) => {
      expect(matcher.match('GET', '/v1/events', query)).toBe('payments');
    },
  );

  it('knows no other method on /v1/events', () => {
    expect(matcher.match('POST', '/v1/events', { entity_id: 'pay_1Aa00000000001' })).toBeNull();
  });
});
