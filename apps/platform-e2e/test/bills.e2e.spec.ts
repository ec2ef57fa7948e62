import { call, newAccount, platform } from './support/platform';
import type { PlatformAccount } from './support/platform';

// The official SDK has no bills resource: clients call the API over plain HTTP (`call`) with Basic auth.
const NOT_FOUND = {
  status: 400,
  body: {
    error: expect.objectContaining({
      code: 'BAD_REQUEST_ERROR',
      description: 'The id provided does not exist',
    }),
  },
};

const bill = (receiptNumber: string, overrides: Record<string, unknown> = {}) => ({
  receipt_number: receiptNumber,
  receipt_timestamp: 1_736_937_000,
  customer: { name: 'Gaurav Kumar', contact: '+919000090000' },
  line_items: [
    { name: 'Masala tea', quantity: 2, unit_amount: 10000, tax_rate: 18 },
    { name: 'Samosa', quantity: 1, unit_amount: 11800, tax_rate: 18, tax_inclusive: true },
  ],
  ...overrides,
});

describe('Bills through the gateway over plain HTTP', () => {
  let merchant: PlatformAccount;
  beforeAll(async () => (merchant = await newAccount('Bills E2E')));

  it('creates, reads, lists, updates and deletes a bill, with totals computed and checked', async () => {
    const key = merchant.test;
    const created = await call(
      key,
      'POST',
      '/v1/bills',
      bill('E2E-1', {
        receipt_summary: { net_payable_amount: 35400 },
        payments: [{ method: 'upi', amount: 20000 }],
      }),
    );
    expect(created).toMatchObject({
      status: 200,
      body: {
        id: expect.stringMatching(/^bill_[0-9A-Za-z]{14}$/),
        entity: 'bill',
        receipt_number: 'E2E-1',
        receipt_summary: {
          total_quantity: 3,
          sub_total_amount: 30000,
          tax_amount: 5400,
          net_payable_amount: 35400,
          currency: 'INR',
        },
        payment_summary: {
          amount_paid: 20000,
          amount_due: 15400,
          payment_status: 'partially_paid',
        },
      },
    });
    const id = created.body['id'] as string;
    expect(await call(key, 'GET', `/v1/bills/${id}`)).toEqual({ status: 200, body: created.body });
    expect(await call(key, 'GET', '/v1/bills?receipt_number=E2E-1')).toMatchObject({
      status: 200,
      body: { entity: 'collection', count: 1, items: [{ id }] },
    });

    const updated = await call(key, 'PATCH', `/v1/bills/${id}`, {
      payments: [{ method: 'upi', amount: 35400 }],
    });
    expect(updated).toMatchObject({
      status: 200,
      body: { id, payment_summary: { amount_paid: 35400, amount_due: 0, payment_status: 'paid' } },
    });
    expect(
      await call(key, 'PATCH', `/v1/bills/${id}`, { receipt_summary: { tax_amount: 5000 } }),
    ).toMatchObject({
      status: 400,
      body: {
        error: {
          field: 'receipt_summary.tax_amount',
          description:
            'The receipt_summary.tax_amount must be 5400, as computed from the line items (5000 was sent).',
        },
      },
    });

    expect(await call(key, 'POST', '/v1/bills', bill('E2E-1'))).toMatchObject({
      status: 400,
      body: {
        error: {
          field: 'receipt_number',
          description: 'A bill with this receipt_number already exists.',
        },
      },
    });
    expect(await call(key, 'DELETE', `/v1/bills/${id}`)).toEqual({ status: 200, body: [] });
    expect(await call(key, 'GET', `/v1/bills/${id}`)).toEqual(NOT_FOUND);
    expect((await call(key, 'POST', '/v1/bills', bill('E2E-1'))).status).toBe(200); // the receipt number is free again
  });

  it('serves the receipt page at receipt_url without credentials', async () => {
    const created = (await call(merchant.test, 'POST', '/v1/bills', bill('E2E-<2>'))).body;
    const url = new URL(created['receipt_url'] as string);
    expect(url.pathname).toBe(`/bills/${created['id'] as string}`);
    expect(url.origin).toBe(`http://localhost:${new URL(platform.baseUrl).port}`); // the launcher's public base URL
    const page = await fetch(`${platform.baseUrl}${url.pathname}`); // no credentials: the receipt is shared with the customer
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const html = await page.text();
    expect(html).toContain('E2E-&lt;2&gt;');
    expect(html).toContain('Gaurav Kumar');
    expect(html).toContain(
      '<tr class="total"><td>Net payable</td><td class="num">₹354.00</td></tr>',
    );

    const malformed = await fetch(`${platform.baseUrl}/bills/bill_short`);
    expect({ status: malformed.status, body: await malformed.json() }).toMatchObject({
      status: 400,
      body: { error: { description: 'The requested URL was not found on the server.' } },
    });
    await call(merchant.test, 'DELETE', `/v1/bills/${created['id'] as string}`);
    const deleted = await fetch(`${platform.baseUrl}${url.pathname}`);
    expect({ status: deleted.status, body: await deleted.json() }).toEqual(NOT_FOUND);
  });

  it('keeps bills to their account and mode, and needs a key for the API', async () => {
    const created = (await call(merchant.test, 'POST', '/v1/bills', bill('E2E-3'))).body;
    const id = created['id'] as string;
    for (const stranger of [merchant.live, platform.account.test]) {
      expect(await call(stranger, 'GET', `/v1/bills/${id}`)).toEqual(NOT_FOUND);
      expect(await call(stranger, 'PATCH', `/v1/bills/${id}`, { receipt_number: 'Mine' })).toEqual(
        NOT_FOUND,
      );
      expect(await call(stranger, 'DELETE', `/v1/bills/${id}`)).toEqual(NOT_FOUND);
    }
    expect((await call(merchant.live, 'POST', '/v1/bills', bill('E2E-3'))).status).toBe(200); // the live mode's receipt numbers are its own
    expect((await call(null, 'GET', `/v1/bills/${id}`)).status).toBe(401);
    expect(
      await call(
        merchant.test,
        'POST',
        '/v1/bills',
        bill('E2E-4', {
          line_items: [{ name: 'Tea', quantity: 1, unit_amount: 100, tax_rate: 17 }],
        }),
      ),
    ).toMatchObject({
      status: 400,
      body: { error: { field: 'line_items.0.tax_rate' } },
    });
  });
});
