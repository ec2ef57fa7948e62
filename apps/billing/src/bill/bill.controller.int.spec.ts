import { startBilling } from '../../test/billing.kit';
import 'reflect-metadata';
import { refusal, TEST_INTERNAL_TOKEN } from '@platform/service-testing';
import type { CallOptions, ServiceUnderTest, TestCaller } from '@platform/service-testing';

let accounts = 0;
const newAccount = (mode: 'test' | 'live' = 'test'): TestCaller => ({
  accountId: `acc_Bills${String(++accounts).padStart(9, '0')}`,
  mode,
});
const MISSING = { status: 400, body: refusal('The id provided does not exist') };
const PUBLIC_BASE_URL = 'https://pay.example.com';
const RECEIPT_TIME = 1_736_937_000; // 2025-01-15 16:00 IST

/** Two lines: 2 × ₹100 with 18% on top, and 1 × ₹118 with 18% included. */
const bill = (overrides: Record<string, unknown> = {}) => ({
  receipt_number: 'R-0001',
  receipt_timestamp: RECEIPT_TIME,
  customer: { name: 'Gaurav Kumar', contact: '+919000090000', email: 'gaurav.kumar@example.com' },
  line_items: [
    {
      name: 'Masala tea',
      quantity: 2,
      unit_amount: 10000,
      tax_rate: 18,
      hsn_code: '0902',
      unit: 'cup',
    },
    {
      name: 'Samosa',
      description: 'Two pieces',
      quantity: 1,
      unit_amount: 11800,
      tax_rate: 18,
      tax_inclusive: true,
    },
  ],
  ...overrides,
});

describe('Bills API (billing)', () => {
  let billing: ServiceUnderTest;
  const call = (caller: TestCaller, options: Omit<CallOptions, 'caller'>) =>
    billing.call({ ...options, caller });
  const post = (caller: TestCaller, body: unknown) =>
    call(caller, { method: 'POST', url: '/v1/bills', body });
  const patch = (caller: TestCaller, id: unknown, body: unknown) =>
    call(caller, { method: 'PATCH', url: `/v1/bills/${id as string}`, body });
  const get = (caller: TestCaller, url: string) => call(caller, { method: 'GET', url });
  const ids = async (caller: TestCaller, query = '') =>
    ((await get(caller, `/v1/bills${query}`)).body['items'] as { id: string }[]).map((b) => b.id);
  const receiptPage = (
    id: string,
    headers: Record<string, string> = { 'x-internal-token': TEST_INTERNAL_TOKEN },
  ) => billing.app.inject({ method: 'GET', url: `/internal/bills/${id}/receipt.html`, headers });

  beforeAll(async () => {
    billing = await startBilling(undefined, { PUBLIC_BASE_URL });
  });

  afterAll(() => billing.close());

  describe('create and fetch', () => {
    it('creates a bill with computed totals (tax on top and tax included) and reads it back', async () => {
      const caller = newAccount();
      const { status, body } = await post(
        caller,
        bill({
          notes: { till: '4' },
          payments: [{ method: 'upi', amount: 20000, reference: 'UTR123' }],
        }),
      );
      expect(status).toBe(200);
      expect(body).toEqual({
        id: expect.stringMatching(/^bill_[0-9A-Za-z]{14}$/),
        entity: 'bill',
        receipt_number: 'R-0001',
        receipt_timestamp: RECEIPT_TIME,
        receipt_type: 'sales_invoice',
        receipt_delivery: 'digital',
        customer: {
          name: 'Gaurav Kumar',
          contact: '+919000090000',
          email: 'gaurav.kumar@example.com',
        },
        line_items: [
          {
            id: expect.stringMatching(/^li_[0-9A-Za-z]{14}$/),
            name: 'Masala tea',
            description: null,
            quantity: 2,
            unit: 'cup',
            hsn_code: '0902',
            unit_amount: 10000,
            tax_rate: 18,
            tax_inclusive: false,
            gross_amount: 20000,
            taxable_amount: 20000,
            tax_amount: 3600,
            net_amount: 23600,
          },
          {
            id: expect.stringMatching(/^li_[0-9A-Za-z]{14}$/),
            name: 'Samosa',
            description: 'Two pieces',
            quantity: 1,
            unit: null,
            hsn_code: null,
            unit_amount: 11800,
            tax_rate: 18,
            tax_inclusive: true,
            gross_amount: 11800,
            taxable_amount: 10000,
            tax_amount: 1800,
            net_amount: 11800,
          },
        ],
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
        payments: [{ method: 'upi', amount: 20000, currency: 'INR', reference: 'UTR123' }],
        notes: { till: '4' },
        receipt_url: `${PUBLIC_BASE_URL}/bills/${body['id']}`,
        created_at: expect.any(Number),
        updated_at: body['created_at'],
      });
      expect(await get(caller, `/v1/bills/${body['id']}`)).toEqual({ status: 200, body });
    });

    it('takes the client’s totals when they are the computed ones, and the other receipt types and deliveries', async () => {
      const { status, body } = await post(
        newAccount(),
        bill({
          receipt_type: 'tax_invoice',
          receipt_delivery: 'digital_and_print',
          currency: 'INR',
          receipt_summary: {
            total_quantity: 3,
            sub_total_amount: 30000,
            tax_amount: 5400,
            net_payable_amount: 35400,
          },
          payments: [{ method: 'cash', amount: 35400 }],
        }),
      );
      expect(status).toBe(200);
      expect(body).toMatchObject({
        receipt_type: 'tax_invoice',
        receipt_delivery: 'digital_and_print',
        payment_summary: { amount_paid: 35400, amount_due: 0, payment_status: 'paid' },
      });
    });

    it('computes untaxed and zero-priced lines, and an unpaid bill', async () => {
      const { body } = await post(
        newAccount(),
        bill({
          customer: { contact: '9000090000' },
          line_items: [
            { name: 'Water', quantity: 3, unit_amount: 2000 },
            { name: 'Napkin', quantity: 1, unit_amount: 0, tax_rate: 0 },
          ],
        }),
      );
      expect(body).toMatchObject({
        customer: { name: null, contact: '9000090000', email: null },
        receipt_summary: {
          total_quantity: 4,
          sub_total_amount: 6000,
          tax_amount: 0,
          net_payable_amount: 6000,
        },
        payment_summary: { amount_paid: 0, amount_due: 6000, payment_status: 'unpaid' },
        payments: [],
        notes: {},
      });
      expect(
        (body['line_items'] as Record<string, unknown>[]).map((line) => [
          line['tax_rate'],
          line['net_amount'],
        ]),
      ).toEqual([
        [null, 6000],
        [0, 0],
      ]);
    });

    it.each([
      [
        { total_quantity: 4 },
        'receipt_summary.total_quantity',
        'The receipt_summary.total_quantity must be 3, as computed from the line items (4 was sent).',
      ],
      [
        { sub_total_amount: 35400 },
        'receipt_summary.sub_total_amount',
        'The receipt_summary.sub_total_amount must be 30000, as computed from the line items (35400 was sent).',
      ],
      [
        { tax_amount: 5399 },
        'receipt_summary.tax_amount',
        'The receipt_summary.tax_amount must be 5400, as computed from the line items (5399 was sent).',
      ],
      [
        { net_payable_amount: 35401 },
        'receipt_summary.net_payable_amount',
        'The receipt_summary.net_payable_amount must be 35400, as computed from the line items (35401 was sent).',
      ],
    ])('refuses the client total %j naming %s', async (receipt_summary, field, description) => {
      const caller = newAccount();
      expect(await post(caller, bill({ receipt_summary }))).toEqual({
        status: 400,
        body: refusal(description, field),
      });
      expect(await ids(caller)).toEqual([]);
    });

    it('refuses payments over the net payable amount', async () => {
      expect(
        await post(
          newAccount(),
          bill({
            payments: [
              { method: 'card', amount: 35400 },
              { method: 'cash', amount: 1 },
            ],
          }),
        ),
      ).toEqual({
        status: 400,
        body: refusal(
          'The payments add up to 35401, more than the net payable amount of 35400.',
          'payments',
        ),
      });
    });
  });

  describe('list, update and delete', () => {
    it('lists newest first, pages, and filters by receipt_number', async () => {
      const caller = newAccount();
      const created: string[] = [];
      for (const number of ['A-1', 'A-2', 'A-3'])
        created.push((await post(caller, bill({ receipt_number: number }))).body['id'] as string);
      expect(await get(caller, '/v1/bills')).toMatchObject({
        status: 200,
        body: { entity: 'collection', count: 3 },
      });
      expect(await ids(caller)).toEqual([...created].reverse());
      expect(await ids(caller, '?count=1&skip=1')).toEqual([created[1]]);
      expect(await ids(caller, '?receipt_number=A-1')).toEqual([created[0]]);
      expect(await ids(caller, '?receipt_number=A-9')).toEqual([]);
    });

    it('updates the fields sent, re-prices the bill as a whole, and keeps the rest', async () => {
      const caller = newAccount();
      const created = (await post(caller, bill({ notes: { till: '4' } }))).body;
      const { status, body } = await patch(caller, created['id'], {
        receipt_number: 'R-0001-A',
        line_items: [{ name: 'Filter coffee', quantity: 4, unit_amount: 5000, tax_rate: 5 }],
        receipt_summary: { net_payable_amount: 21000 },
        payments: [{ method: 'card', amount: 21000 }],
      });
      expect(status).toBe(200);
      expect(body).toEqual({
        ...created,
        receipt_number: 'R-0001-A',
        line_items: [
          {
            id: expect.stringMatching(/^li_/),
            name: 'Filter coffee',
            description: null,
            quantity: 4,
            unit: null,
            hsn_code: null,
            unit_amount: 5000,
            tax_rate: 5,
            tax_inclusive: false,
            gross_amount: 20000,
            taxable_amount: 20000,
            tax_amount: 1000,
            net_amount: 21000,
          },
        ],
        receipt_summary: {
          total_quantity: 4,
          sub_total_amount: 20000,
          tax_amount: 1000,
          net_payable_amount: 21000,
          currency: 'INR',
        },
        payment_summary: { amount_paid: 21000, amount_due: 0, payment_status: 'paid' },
        payments: [{ method: 'card', amount: 21000, currency: 'INR', reference: null }],
        updated_at: expect.any(Number),
      });
      expect((await get(caller, `/v1/bills/${created['id']}`)).body).toEqual(body);
      expect(
        (await patch(caller, created['id'], { customer: { contact: '+919000090001' }, notes: [] }))
          .body,
      ).toMatchObject({
        receipt_number: 'R-0001-A',
        customer: { name: null, contact: '+919000090001', email: null },
        notes: {},
      });
    });

    it('checks the bill after a change whole: a wrong total, or payments over the new amount', async () => {
      const caller = newAccount();
      const created = (await post(caller, bill({ payments: [{ method: 'cash', amount: 30000 }] })))
        .body;
      expect(await patch(caller, created['id'], { receipt_summary: { tax_amount: 1 } })).toEqual({
        status: 400,
        body: refusal(
          'The receipt_summary.tax_amount must be 5400, as computed from the line items (1 was sent).',
          'receipt_summary.tax_amount',
        ),
      });
      expect(
        await patch(caller, created['id'], {
          line_items: [{ name: 'Tea', quantity: 1, unit_amount: 100 }],
        }),
      ).toEqual({
        status: 400,
        body: refusal(
          'The payments add up to 30000, more than the net payable amount of 100.',
          'payments',
        ),
      });
      expect(await get(caller, `/v1/bills/${created['id']}`)).toEqual({
        status: 200,
        body: created,
      });
    });

    it('deletes answering [], after which the bill is unknown', async () => {
      const caller = newAccount();
      const { body } = await post(caller, bill());
      expect(await call(caller, { method: 'DELETE', url: `/v1/bills/${body['id']}` })).toEqual({
        status: 200,
        body: [] as unknown as Record<string, unknown>,
      });
      expect(await get(caller, `/v1/bills/${body['id']}`)).toEqual(MISSING);
      expect(await patch(caller, body['id'], { receipt_number: 'Back' })).toEqual(MISSING);
      expect(await call(caller, { method: 'DELETE', url: `/v1/bills/${body['id']}` })).toEqual(
        MISSING,
      );
      expect(await ids(caller)).toEqual([]);
    });
  });

  describe('receipt numbers', () => {
    const DUPLICATE = {
      status: 400,
      body: refusal('A bill with this receipt_number already exists.', 'receipt_number'),
    };

    it('are unique per account and mode, on create and on update, and freed by a delete', async () => {
      const caller = newAccount();
      const first = (await post(caller, bill({ receipt_number: 'DUP-1' }))).body;
      expect(await post(caller, bill({ receipt_number: 'DUP-1' }))).toEqual(DUPLICATE);
      const second = (await post(caller, bill({ receipt_number: 'DUP-2' }))).body;
      expect(await patch(caller, second['id'], { receipt_number: 'DUP-1' })).toEqual(DUPLICATE);
      expect((await get(caller, `/v1/bills/${second['id']}`)).body['receipt_number']).toBe('DUP-2');
      // The other mode and another account have receipt numbers of their own.
      expect(
        (await post({ ...caller, mode: 'live' }, bill({ receipt_number: 'DUP-1' }))).status,
      ).toBe(200);
      expect((await post(newAccount(), bill({ receipt_number: 'DUP-1' }))).status).toBe(200);
      await call(caller, { method: 'DELETE', url: `/v1/bills/${first['id']}` });
      expect(
        (await patch(caller, second['id'], { receipt_number: 'DUP-1' })).body['receipt_number'],
      ).toBe('DUP-1');
      expect(await post(caller, bill({ receipt_number: 'DUP-2' }))).toMatchObject({
        status: 200,
        body: { receipt_number: 'DUP-2' },
      });
    });

    it('admit one of two concurrent creates', async () => {
      const caller = newAccount();
      const results = await Promise.all([
        post(caller, bill({ receipt_number: 'RACE' })),
        post(caller, bill({ receipt_number: 'RACE' })),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 400]);
      expect(await ids(caller)).toHaveLength(1);
    });
  });

  describe('isolation', () => {
    it('hides bills from another account and from the other mode, exactly like unknown ids', async () => {
      const owner = newAccount();
      const created = (await post(owner, bill())).body;
      for (const stranger of [newAccount(), { ...owner, mode: 'live' as const }]) {
        expect(await get(stranger, `/v1/bills/${created['id']}`)).toEqual(MISSING);
        expect(await patch(stranger, created['id'], { receipt_number: 'Mine' })).toEqual(MISSING);
        expect(
          await call(stranger, { method: 'DELETE', url: `/v1/bills/${created['id']}` }),
        ).toEqual(MISSING);
        expect(await ids(stranger)).toEqual([]);
        expect(await ids(stranger, '?receipt_number=R-0001')).toEqual([]);
      }
      expect(await get(owner, `/v1/bills/${created['id']}`)).toEqual({
        status: 200,
        body: created,
      });
    });
  });

  describe('bad input', () => {
    const line = { name: 'Tea', quantity: 1, unit_amount: 100 };
    it.each(
      [
        [{ receipt_number: undefined }, 'receipt_number', 'The receipt_number field is required.'],
        [
          { receipt_number: '' },
          'receipt_number',
          'The receipt_number must be between 1 and 40 characters.',
        ],
        [
          { receipt_number: 'x'.repeat(41) },
          'receipt_number',
          'The receipt_number must be between 1 and 40 characters.',
        ],
        [{ receipt_number: 7 }, 'receipt_number', 'The receipt_number must be a string.'],
        [
          { receipt_timestamp: undefined },
          'receipt_timestamp',
          'The receipt_timestamp field is required.',
        ],
        [
          { receipt_timestamp: 0 },
          'receipt_timestamp',
          'The receipt_timestamp must be greater than 0.',
        ],
        [
          { receipt_timestamp: 1.5 },
          'receipt_timestamp',
          'The receipt_timestamp must be an integer (unix seconds).',
        ],
        [
          { receipt_type: 'invoice' },
          'receipt_type',
          'The receipt_type must be one of tax_invoice, sales_invoice, credit_note.',
        ],
        [
          { receipt_delivery: 'email' },
          'receipt_delivery',
          'The receipt_delivery must be one of digital, print, digital_and_print.',
        ],
        [{ customer: undefined }, 'customer', 'The customer field is required.'],
        [{ customer: 'Gaurav' }, 'customer', 'The customer must be an object.'],
        [
          { customer: { name: 'Gaurav' } },
          'customer.contact',
          'The customer.contact must be a string.',
        ],
        [
          { customer: { contact: '12345' } },
          'customer.contact',
          'The customer.contact must be 8 to 15 digits, optionally starting with +.',
        ],
        [
          { customer: { contact: '+919000090000', email: 'nope' } },
          'customer.email',
          'The customer.email must be a valid email address.',
        ],
        [
          { customer: { contact: '+919000090000', age: 40 } },
          'customer.age',
          'customer.age is/are not required and should not be sent',
        ],
        [{ line_items: undefined }, 'line_items', 'The line_items field is required.'],
        [{ line_items: [] }, 'line_items', 'The line_items must have at least 1 item.'],
        [
          { line_items: Array.from({ length: 101 }, () => line) },
          'line_items',
          'The line_items may not have more than 100 items.',
        ],
        [
          { line_items: [{ quantity: 1, unit_amount: 100 }] },
          'line_items.0.name',
          'The name must be a string.',
        ],
        [
          { line_items: [line, { ...line, quantity: 0 }] },
          'line_items.1.quantity',
          'The quantity must be at least 1.',
        ],
        [
          { line_items: [{ ...line, quantity: 1.5 }] },
          'line_items.0.quantity',
          'The quantity must be an integer.',
        ],
        [
          { line_items: [{ ...line, unit_amount: -1 }] },
          'line_items.0.unit_amount',
          'The unit_amount must be at least 0.',
        ],
        [
          { line_items: [{ ...line, unit_amount: 10.5 }] },
          'line_items.0.unit_amount',
          'The unit_amount must be an integer in the smallest currency unit (e.g. paise).',
        ],
        [
          { line_items: [{ ...line, tax_rate: 17 }] },
          'line_items.0.tax_rate',
          'The tax_rate must be one of 0, 0.1, 0.25, 1, 1.5, 3, 5, 12, 18, 28 (percent).',
        ],
        [
          { line_items: [{ ...line, tax_inclusive: 'yes' }] },
          'line_items.0.tax_inclusive',
          'The tax_inclusive must be true or false.',
        ],
        [
          { line_items: [{ ...line, hsn_code: '9A' }] },
          'line_items.0.hsn_code',
          'The hsn_code must be 2 to 8 digits.',
        ],
        [
          { line_items: [{ ...line, discount: 5 }] },
          'line_items.0.discount',
          'line_items.0.discount is/are not required and should not be sent',
        ],
        [
          { currency: 'XYZ' },
          'currency',
          'The currency must be one of INR, USD, EUR, GBP, SGD, AED, AUD, CAD.',
        ],
        [{ notes: 'hello' }, 'notes', 'notes must be an object of key-value pairs.'],
        [
          { receipt_summary: { net_payable_amount: -1 } },
          'receipt_summary.net_payable_amount',
          'The receipt_summary.net_payable_amount must be at least 0.',
        ],
        [
          { receipt_summary: { grand_total: 1 } },
          'receipt_summary.grand_total',
          'receipt_summary.grand_total is/are not required and should not be sent',
        ],
        [
          { payments: Array.from({ length: 11 }, () => ({ method: 'cash', amount: 1 })) },
          'payments',
          'The payments may not have more than 10 items.',
        ],
        [
          { payments: [{ method: 'cheque', amount: 100 }] },
          'payments.0.method',
          'The method must be one of card, upi, netbanking, wallet, cash, other.',
        ],
        [
          { payments: [{ method: 'cash', amount: 0 }] },
          'payments.0.amount',
          'The amount must be at least 1.',
        ],
        [
          { payments: [{ method: 'cash', amount: 100, currency: 'USD' }] },
          'payments.0.currency',
          "The payments.0.currency must be the bill's currency, INR.",
        ],
        [{ colour: 'green' }, 'colour', 'colour is/are not required and should not be sent'],
      ].map(
        ([body, field, description]) =>
          [field as string, description as string, body as Record<string, unknown>] as const,
      ),
    )('POST naming %s: %s', async (field, description, overrides) => {
      expect(await post(newAccount(), bill(overrides))).toEqual({
        status: 400,
        body: refusal(description, field),
      });
    });

    it.each(
      [
        [{ receipt_number: null }, 'receipt_number', 'The receipt_number must be a string.'],
        [
          { receipt_number: '' },
          'receipt_number',
          'The receipt_number must be between 1 and 40 characters.',
        ],
        [
          { receipt_timestamp: -5 },
          'receipt_timestamp',
          'The receipt_timestamp must be greater than 0.',
        ],
        [{ customer: null }, 'customer', 'The customer must be an object.'],
        [
          { customer: { name: 'No contact' } },
          'customer.contact',
          'The customer.contact must be a string.',
        ],
        [{ line_items: [] }, 'line_items', 'The line_items must have at least 1 item.'],
        [{ line_items: null }, 'line_items', 'The line_items must be an array.'],
        [
          { payments: [{ method: 'upi' }] },
          'payments.0.amount',
          'The amount must be an integer in the smallest currency unit (e.g. paise).',
        ],
        [
          { receipt_summary: { total_quantity: 1 } },
          'receipt_summary.total_quantity',
          'The receipt_summary.total_quantity must be 3, as computed from the line items (1 was sent).',
        ],
        [{ id: 'bill_Other00000000' }, 'id', 'id is/are not required and should not be sent'],
      ].map(
        ([body, field, description]) =>
          [field as string, description as string, body as Record<string, unknown>] as const,
      ),
    )('PATCH naming %s: %s', async (field, description, body) => {
      const caller = newAccount();
      const created = (await post(caller, bill())).body;
      expect(await patch(caller, created['id'], body)).toEqual({
        status: 400,
        body: refusal(description, field),
      });
      expect((await get(caller, `/v1/bills/${created['id']}`)).body).toEqual(created);
    });

    it.each([
      ['?count=0', 'count', 'The count must be at least 1.'],
      ['?count=101', 'count', 'The count may not be greater than 100.'],
      ['?skip=-1', 'skip', 'The skip must be at least 0.'],
      ['?from=yesterday', 'from', 'The from must be an integer (unix seconds).'],
      ['?from=20&to=10', 'to', 'The to must be greater than or equal to from.'],
    ])('GET /v1/bills%s is refused naming %s', async (query, field, description) => {
      expect(await get(newAccount(), `/v1/bills${query}`)).toEqual({
        status: 400,
        body: refusal(description, field),
      });
    });

    it.each(['bill_00000000000000', 'cust_00000000000000', 'nonsense'])(
      'GET, PATCH and DELETE of the unknown id %s answer like any unknown id',
      async (id) => {
        const caller = newAccount();
        expect(await get(caller, `/v1/bills/${id}`)).toEqual(MISSING);
        expect(await patch(caller, id, { receipt_number: 'X' })).toEqual(MISSING);
        expect(await call(caller, { method: 'DELETE', url: `/v1/bills/${id}` })).toEqual(MISSING);
      },
    );

    it('needs the caller’s account', async () => {
      expect((await billing.call({ method: 'GET', url: '/v1/bills', caller: null })).status).toBe(
        401,
      );
    });
  });

  describe('the receipt page (internal)', () => {
    it('renders the bill as escaped HTML, by id alone, with the gateway’s token', async () => {
      const created = (
        await post(
          newAccount('live'),
          bill({
            receipt_number: 'R<&>1',
            customer: { name: 'Gaurav <b>Kumar</b>', contact: '+919000090000' },
            payments: [{ method: 'upi', amount: 20000 }],
          }),
        )
      ).body;
      const page = await receiptPage(created['id'] as string);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control']).toBe('no-store');
      expect(page.headers['content-security-policy']).toBe(
        "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
      );
      expect(page.headers['x-frame-options']).toBe('DENY');
      expect(page.headers['referrer-policy']).toBe('no-referrer');
      const html = page.body;
      expect(html).toMatch(/^<!doctype html>/);
      expect(html).toContain('<title>Receipt R&lt;&amp;&gt;1</title>');
      expect(html).toContain('Gaurav &lt;b&gt;Kumar&lt;/b&gt;');
      expect(html).not.toContain('<b>Kumar');
      expect(html).toContain('2025-01-15 16:00 IST');
      expect(html).toContain(
        '<td>Masala tea<div class="muted">HSN 0902</div></td><td class="num">2 cup</td><td class="num">₹100.00</td><td class="num">₹36.00 (18%)</td><td class="num">₹236.00</td>',
      );
      expect(html).toContain('₹18.00 (18%, included)');
      expect(html).toContain(
        '<tr class="total"><td>Net payable</td><td class="num">₹354.00</td></tr>',
      );
      expect(html).toContain('<tr><td>Due</td><td class="num">₹154.00</td></tr>');
      expect(html).toContain('Payment status: <strong>Partially paid</strong>');
      expect(html).not.toMatch(/<script|https?:\/\//);
    });

    it('answers an unknown or deleted bill like an unknown id, and needs the internal token', async () => {
      const caller = newAccount();
      const created = (await post(caller, bill())).body;
      await call(caller, { method: 'DELETE', url: `/v1/bills/${created['id']}` });
      for (const id of [created['id'] as string, 'bill_00000000000000']) {
        const page = await receiptPage(id);
        expect({ status: page.statusCode, body: JSON.parse(page.body) }).toEqual(MISSING);
      }
      expect(
        (await receiptPage((await post(caller, bill())).body['id'] as string, {})).statusCode,
      ).toBe(401);
    });
  });
});
