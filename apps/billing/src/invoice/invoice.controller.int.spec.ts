import { startBilling } from '../../test/billing.kit';
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { advanceTestClock, refusal, TEST_INTERNAL_TOKEN } from '@platform/service-testing';
import type { CallOptions, ServiceUnderTest, TestCaller } from '@platform/service-testing';
import { waitFor } from '@platform/testing-core';
import { SMTPServer } from 'smtp-server';

let accounts = 0;
const newAccount = (mode: 'test' | 'live' = 'test'): TestCaller => ({
  accountId: `acc_Inv${String(++accounts).padStart(3, '0')}${randomUUID().replace(/-/g, '').slice(0, 8)}`,
  mode,
});
const MISSING = { status: 400, body: refusal('The id provided does not exist') };
const CUSTOMER = {
  name: 'Gaurav Kumar',
  email: 'gaurav.kumar@example.com',
  contact: '+919000090000',
  billing_address: { line1: '2nd Floor', zipcode: '560001', city: 'Bengaluru', country: 'in' },
};
const LINES = [
  { name: 'Consulting', amount: 100000, quantity: 2, tax_rate: 18 },
  { name: 'Travel', amount: 11800, tax_rate: 18, tax_inclusive: true },
];

interface Mail {
  to: string;
  body: string;
}

describe('Invoices API (billing)', () => {
  let billing: ServiceUnderTest;
  let smtp: SMTPServer;
  const mails: Mail[] = [];
  const call = (caller: TestCaller, options: Omit<CallOptions, 'caller'>, offset = 0) =>
    billing.call({
      ...options,
      caller,
      headers: offset ? { 'x-clock-offset': String(offset) } : undefined,
    });
  const post = (caller: TestCaller, url: string, body: unknown = {}) =>
    call(caller, { method: 'POST', url, body });
  const get = (caller: TestCaller, url: string) => call(caller, { method: 'GET', url });
  const invoice = async (caller: TestCaller, body: Record<string, unknown>) => {
    const { status, body: created } = await post(caller, '/v1/invoices', {
      customer: CUSTOMER,
      line_items: LINES,
      ...body,
    });
    if (status !== 200) throw new Error(JSON.stringify(created));
    return created;
  };

  beforeAll(async () => {
    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData(stream, session, done) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          mails.push({
            to: session.envelope.rcptTo.map((r) => r.address).join(','),
            body: Buffer.concat(chunks).toString('utf8'),
          });
          done();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
    const port = (smtp.server.address() as { port: number }).port;
    billing = await startBilling(undefined, {
      SMTP_URL: `smtp://127.0.0.1:${port}`,
      SMTP_FROM: 'billing@example.com',
      PUBLIC_BASE_URL: 'https://pay.example.com',
    });
  });

  afterAll(async () => {
    await billing.close();
    await new Promise<void>((resolve) => smtp.close(resolve));
  });

  it('issues an invoice at once with exact amounts, a short_url and pending notifications', async () => {
    const caller = newAccount();
    const created = await invoice(caller, {
      description: 'October work',
      receipt: 'INV-1',
      expire_by: Math.floor(Date.now() / 1000) + 86400,
      notes: { po: '77' },
    });
    // Consulting: 2 × 100000 + 18% = 236000; Travel: 11800 inclusive of 18% → taxable 10000, tax 1800
    expect(created).toMatchObject({
      entity: 'invoice',
      type: 'invoice',
      status: 'issued',
      receipt: 'INV-1',
      invoice_number: 'INV-1',
      customer_id: expect.stringMatching(/^cust_[0-9A-Za-z]{14}$/),
      gross_amount: 211800,
      taxable_amount: 210000,
      tax_amount: 37800,
      amount: 247800,
      amount_paid: 0,
      amount_due: 247800,
      currency: 'INR',
      currency_symbol: '₹',
      short_url: `https://pay.example.com/i/${created['id'] as string}`,
      order_id: expect.stringMatching(/^order_[0-9A-Za-z]{14}$/),
      issued_at: expect.any(Number),
      customer_details: {
        name: 'Gaurav Kumar',
        email: 'gaurav.kumar@example.com',
        contact: '+919000090000',
        billing_address: {
          line1: '2nd Floor',
          zipcode: '560001',
          city: 'Bengaluru',
          country: 'in',
          type: 'billing_address',
        },
      },
      notes: { po: '77' },
    });
    expect(created['line_items']).toEqual([
      expect.objectContaining({
        id: expect.stringMatching(/^li_/),
        name: 'Consulting',
        amount: 100000,
        quantity: 2,
        gross_amount: 200000,
        taxable_amount: 200000,
        tax_amount: 36000,
        net_amount: 236000,
        tax_rate: 18,
        tax_inclusive: false,
      }),
      expect.objectContaining({
        name: 'Travel',
        amount: 11800,
        quantity: 1,
        gross_amount: 11800,
        taxable_amount: 10000,
        tax_amount: 1800,
        net_amount: 11800,
        tax_inclusive: true,
      }),
    ]);
    expect((await get(caller, `/v1/invoices/${created['id'] as string}`)).body).toMatchObject({
      id: created['id'],
      status: 'issued',
    });
    // Issuing sends what sms_notify / email_notify ask for: e-mail through SMTP, sms to the log.
    await waitFor(async () => {
      const { body } = await get(caller, `/v1/invoices/${created['id'] as string}`);
      return body['sms_status'] === 'sent' && body['email_status'] === 'sent';
    }, 'both notifications sent');
    expect(mails.find((mail) => mail.body.includes(created['id'] as string))).toMatchObject({
      to: 'gaurav.kumar@example.com',
    });
    expect(mails.find((mail) => mail.body.includes(created['id'] as string))?.body).toContain(
      '2,478.00 due',
    );
  });

  describe('with the customer given inline', () => {
    const quiet = { sms_notify: 0, email_notify: 0 };
    const customers = async (caller: TestCaller) =>
      (await get(caller, '/v1/customers?count=100')).body['items'] as Record<string, unknown>[];

    it('makes it a billing customer in the same statement, the invoice naming it as customer_id', async () => {
      const caller = newAccount();
      const created = await invoice(caller, quiet);
      const customerId = created['customer_id'] as string;
      expect(customerId).toMatch(/^cust_[0-9A-Za-z]{14}$/);
      expect(created['customer_details']).toMatchObject({ id: customerId, name: 'Gaurav Kumar' });
      expect((await get(caller, `/v1/customers/${customerId}`)).body).toMatchObject({
        id: customerId,
        name: 'Gaurav Kumar',
        email: 'gaurav.kumar@example.com',
        contact: '+919000090000',
      });
      expect((await get(caller, `/v1/invoices?customer_id=${customerId}`)).body['items']).toEqual([
        expect.objectContaining({ id: created['id'] }),
      ]);
    });

    it('uses the account’s customer of that email and contact, keeping the details sent on the invoice', async () => {
      const caller = newAccount();
      const existing = (
        await post(caller, '/v1/customers', {
          name: 'G Kumar',
          email: CUSTOMER.email,
          contact: CUSTOMER.contact,
        })
      ).body;
      const created = await invoice(caller, quiet);
      expect(created).toMatchObject({
        customer_id: existing['id'],
        customer_details: { id: existing['id'], name: 'Gaurav Kumar' },
      });
      expect(await customers(caller)).toHaveLength(1);
      // Another contact is another customer (the identity is email and contact together).
      const other = await invoice(caller, {
        ...quiet,
        customer: { ...CUSTOMER, contact: '9000000001' },
      });
      expect(other['customer_id']).not.toEqual(existing['id']);
      expect(await customers(caller)).toHaveLength(2);
    });

    it('makes a new customer for a name alone each time (no identity to match), and none for no details', async () => {
      const caller = newAccount();
      const [one, two] = [
        await invoice(caller, { ...quiet, customer: { name: 'Walk-in' } }),
        await invoice(caller, { ...quiet, customer: { name: 'Walk-in' } }),
      ];
      expect(one['customer_id']).toMatch(/^cust_/);
      expect(two['customer_id']).toMatch(/^cust_/);
      expect(two['customer_id']).not.toEqual(one['customer_id']);
      const bare = await invoice(caller, {
        ...quiet,
        customer: { billing_address: CUSTOMER.billing_address },
      });
      expect(bare['customer_id']).toBeNull();
      expect(await customers(caller)).toHaveLength(2);
    });

    it('makes one customer when 10 invoices name the same new customer at once', async () => {
      const caller = newAccount();
      const answers = await Promise.all(
        Array.from({ length: 10 }, () =>
          post(caller, '/v1/invoices', { customer: CUSTOMER, line_items: LINES, ...quiet }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(10).fill(200));
      const ids = new Set(answers.map((answer) => answer.body['customer_id']));
      expect(ids.size).toBe(1);
      expect((await customers(caller)).map((c) => c['id'])).toEqual([...ids]);
    });

    it('makes no customer when the invoice is refused', async () => {
      const caller = newAccount();
      expect(
        (
          await post(caller, '/v1/invoices', {
            customer: CUSTOMER,
            line_items: [{ name: 'X', amount: 99 }],
          })
        ).status,
      ).toBe(400);
      expect(await customers(caller)).toEqual([]);
    });

    it('on a draft edit, names the customer too', async () => {
      const caller = newAccount();
      const draft = (
        await post(caller, '/v1/invoices', { draft: '1', line_items: [{ name: 'X', amount: 100 }] })
      ).body;
      const edited = await call(caller, {
        method: 'PATCH',
        url: `/v1/invoices/${draft['id'] as string}`,
        body: { customer: { email: 'asha@example.com' } },
      });
      expect(edited.body['customer_id']).toMatch(/^cust_/);
      expect(await customers(caller)).toEqual([
        expect.objectContaining({ id: edited.body['customer_id'], email: 'asha@example.com' }),
      ]);
    });
  });

  it('dates a draft at its creation unless given a date, and keeps that date when it is edited and issued later', async () => {
    const caller = newAccount();
    const draft = (
      await post(caller, '/v1/invoices', {
        draft: '1',
        customer: { email: 'asha@example.com' },
        line_items: [{ name: 'X', amount: 100 }],
        sms_notify: 0,
        email_notify: 0,
      })
    ).body;
    expect(draft['date']).toEqual(draft['created_at']);
    expect(draft['date']).toEqual(expect.any(Number));
    const edited = await call(caller, {
      method: 'PATCH',
      url: `/v1/invoices/${draft['id'] as string}`,
      body: { notes: { k: 'v' } },
    });
    expect(edited.body['date']).toEqual(draft['created_at']);
    // Issued two hours later on the account's test clock.
    const issued = await call(
      caller,
      { method: 'POST', url: `/v1/invoices/${draft['id'] as string}/issue`, body: {} },
      7200,
    );
    expect(issued.body['issued_at']).toBeGreaterThanOrEqual((draft['created_at'] as number) + 7200);
    expect(issued.body['date']).toEqual(draft['created_at']);
    const dated = (
      await post(caller, '/v1/invoices', {
        draft: '1',
        date: 1589994898,
        line_items: [{ name: 'X', amount: 100 }],
      })
    ).body;
    expect(dated['date']).toBe(1589994898);
  });

  it('shows an issued invoice on its public page (by id alone), and no page for a draft', async () => {
    const caller = newAccount();
    const created = await invoice(caller, {
      receipt: 'PAGE-<1>',
      description: 'Rent & parking',
      sms_notify: 0,
      email_notify: 0,
    });
    const page = await billing.app.inject({
      method: 'GET',
      url: `/internal/invoices/${created['id'] as string}/page.html`,
      headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
    });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('Invoice PAGE-&lt;1&gt;');
    expect(page.body).toContain('Rent &amp; parking');
    expect(page.body).toContain('₹2,478.00');
    const draft = (await post(caller, '/v1/invoices', { draft: '1', line_items: LINES })).body;
    const none = await billing.app.inject({
      method: 'GET',
      url: `/internal/invoices/${draft['id'] as string}/page.html`,
      headers: { 'x-internal-token': TEST_INTERNAL_TOKEN },
    });
    expect({ status: none.statusCode, body: JSON.parse(none.body) as unknown }).toEqual(MISSING);
  });

  it('sends a subscription link to its notify_info through the same notification port', async () => {
    const caller = newAccount();
    const plan = (
      await post(caller, '/v1/plans', {
        period: 'monthly',
        interval: 1,
        item: { name: 'Gold', amount: 49900, currency: 'INR' },
      })
    ).body;
    const link = (
      await post(caller, '/v1/subscriptions', {
        plan_id: plan['id'],
        total_count: 6,
        customer_notify: 1,
        notify_info: { notify_email: 'link.customer@example.com', notify_phone: '+919000090000' },
      })
    ).body;
    const mail = await waitFor(
      () => mails.find((m) => m.body.includes(`/s/${link['id'] as string}`)),
      'the link e-mail',
    );
    expect(mail.to).toBe('link.customer@example.com');
    const silent = (
      await post(caller, '/v1/subscriptions', {
        plan_id: plan['id'],
        total_count: 6,
        customer_notify: 0,
        notify_info: { notify_email: 'quiet@example.com' },
      })
    ).body;
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(mails.some((m) => m.body.includes(silent['id'] as string))).toBe(false);
  });

  it('keeps drafts editable, copies catalogue items, then issues, and deletes only drafts', async () => {
    const caller = newAccount();
    const customer = (
      await post(caller, '/v1/customers', {
        name: 'Anita Rao',
        email: 'anita@example.com',
        contact: '9123456789',
      })
    ).body;
    const item = (await post(caller, '/v1/items', { name: 'Tea', amount: 500 })).body;
    const draft = (
      await post(caller, '/v1/invoices', {
        draft: '1',
        type: 'invoice',
        customer_id: customer['id'],
        line_items: [{ item_id: item['id'], quantity: 3 }],
      })
    ).body;
    expect(draft).toMatchObject({
      status: 'draft',
      short_url: null,
      order_id: null,
      issued_at: null,
      amount: 1500,
      customer_id: customer['id'],
      customer_details: { name: 'Anita Rao', email: 'anita@example.com' },
    });
    expect(draft['line_items']).toEqual([
      expect.objectContaining({
        item_id: item['id'],
        name: 'Tea',
        amount: 500,
        quantity: 3,
        net_amount: 1500,
      }),
    ]);
    // The item changes later; the invoice keeps its copy.
    await call(caller, {
      method: 'PATCH',
      url: `/v1/items/${item['id'] as string}`,
      body: { amount: 900, name: 'Green tea' },
    });
    const edited = await call(caller, {
      method: 'PATCH',
      url: `/v1/invoices/${draft['id'] as string}`,
      body: { description: 'Pantry', partial_payment: true },
    });
    expect(edited.body).toMatchObject({
      description: 'Pantry',
      partial_payment: true,
      amount: 1500,
      line_items: [expect.objectContaining({ name: 'Tea', amount: 500 })],
    });
    const issued = await post(caller, `/v1/invoices/${draft['id'] as string}/issue`);
    expect(issued.body).toMatchObject({
      status: 'issued',
      order_id: expect.stringMatching(/^order_/),
      short_url: expect.stringContaining(draft['id'] as string),
    });
    // Issued: only notes, description, expire_by and the notify flags may change.
    expect(
      await call(caller, {
        method: 'PATCH',
        url: `/v1/invoices/${draft['id'] as string}`,
        body: { line_items: [{ name: 'More', amount: 100 }] },
      }),
    ).toEqual({
      status: 400,
      body: refusal(
        'The line_items cannot be changed once the invoice is issued: only notes, description, expire_by, sms_notify and email_notify can.',
        'line_items',
      ),
    });
    expect(
      (
        await call(caller, {
          method: 'PATCH',
          url: `/v1/invoices/${draft['id'] as string}`,
          body: { notes: { desk: '4' } },
        })
      ).body,
    ).toMatchObject({ notes: { desk: '4' }, status: 'issued' });
    expect(await post(caller, `/v1/invoices/${draft['id'] as string}/issue`)).toEqual({
      status: 400,
      body: refusal('Only a draft invoice can be issued; this one is issued.'),
    });
    expect(
      await call(caller, { method: 'DELETE', url: `/v1/invoices/${draft['id'] as string}` }),
    ).toEqual({
      status: 400,
      body: refusal('Only a draft invoice can be deleted; this one is issued.'),
    });
    const other = (
      await post(caller, '/v1/invoices', { draft: '1', line_items: [{ name: 'X', amount: 100 }] })
    ).body;
    expect(
      await call(caller, { method: 'DELETE', url: `/v1/invoices/${other['id'] as string}` }),
    ).toEqual({ status: 200, body: [] as unknown as Record<string, unknown> });
    expect(await get(caller, `/v1/invoices/${other['id'] as string}`)).toEqual(MISSING);
    expect(await post(caller, `/v1/invoices/${other['id'] as string}/issue`)).toEqual(MISSING);
  });

  it('edits a draft line by its id, adds a line sent without one, keeps the others, and refuses an id it does not have', async () => {
    const caller = newAccount();
    const draft = await invoice(caller, { draft: '1' });
    const [consulting, travel] = draft['line_items'] as Record<string, unknown>[];
    const patch = (body: unknown) =>
      call(caller, { method: 'PATCH', url: `/v1/invoices/${draft['id'] as string}`, body });
    const edited = await patch({
      line_items: [
        { id: consulting['id'], name: 'Consulting (October)', quantity: 1 },
        { name: 'A Wild Sheep Chase', amount: 20000, currency: 'INR', quantity: 1 },
      ],
      notes: { 'updated-key': 'An updated note.' },
    });
    expect(edited.status).toBe(200);
    // Consulting now 1 × 100000 + 18% = 118000; Travel untouched 11800; the new line 20000.
    expect(edited.body).toMatchObject({
      amount: 149800,
      notes: { 'updated-key': 'An updated note.' },
    });
    expect(edited.body['line_items']).toEqual([
      {
        ...consulting,
        name: 'Consulting (October)',
        quantity: 1,
        gross_amount: 100000,
        taxable_amount: 100000,
        tax_amount: 18000,
        net_amount: 118000,
      },
      travel,
      expect.objectContaining({
        id: expect.stringMatching(/^li_[0-9A-Za-z]{14}$/),
        name: 'A Wild Sheep Chase',
        amount: 20000,
        quantity: 1,
        net_amount: 20000,
      }),
    ]);
    const [, , added] = edited.body['line_items'] as Record<string, unknown>[];
    expect([consulting['id'], travel['id']]).not.toContain(added['id']);
    expect(await patch({ line_items: [{ id: 'li_NotOnThisOne1', quantity: 2 }] })).toEqual({
      status: 400,
      body: refusal('The id provided does not exist', 'line_items.0.id'),
    });
    expect((await get(caller, `/v1/invoices/${draft['id'] as string}`)).body['line_items']).toEqual(
      edited.body['line_items'],
    );
    // POST writes every line new: a line id there names nothing.
    expect(
      await post(caller, '/v1/invoices', {
        draft: '1',
        line_items: [{ id: consulting['id'], name: 'X', amount: 100 }],
      }),
    ).toEqual({
      status: 400,
      body: refusal(
        'line_items.0.id is/are not required and should not be sent',
        'line_items.0.id',
      ),
    });
  });

  it('cancels issued invoices only, and refuses what a cancelled one cannot do', async () => {
    const caller = newAccount();
    const created = await invoice(caller, { sms_notify: 0, email_notify: 0 });
    const id = created['id'] as string;
    expect(created).toMatchObject({ sms_status: null, email_status: null });
    expect((await post(caller, `/v1/invoices/${id}/cancel`)).body).toMatchObject({
      status: 'cancelled',
      cancelled_at: expect.any(Number),
    });
    expect(await post(caller, `/v1/invoices/${id}/cancel`)).toEqual({
      status: 400,
      body: refusal('Only an issued invoice can be cancelled; this one is cancelled.'),
    });
    expect(await post(caller, `/v1/invoices/${id}/notify_by/email`)).toEqual({
      status: 400,
      body: refusal('A cancelled invoice cannot be sent.'),
    });
    expect(
      await call(caller, {
        method: 'PATCH',
        url: `/v1/invoices/${id}`,
        body: { notes: { a: 'b' } },
      }),
    ).toEqual({ status: 400, body: refusal('A cancelled invoice cannot be edited.') });
    const draft = (await post(caller, '/v1/invoices', { draft: '1', line_items: LINES })).body;
    expect(await post(caller, `/v1/invoices/${draft['id'] as string}/cancel`)).toEqual({
      status: 400,
      body: refusal('Only an issued invoice can be cancelled; this one is draft.'),
    });
    expect(await post(caller, `/v1/invoices/${draft['id'] as string}/notify_by/sms`)).toEqual({
      status: 400,
      body: refusal('A draft invoice cannot be sent: issue it first.'),
    });
  });

  it('notifies by sms or email on demand, recording the status, and refuses other media', async () => {
    const caller = newAccount();
    const id = (await invoice(caller, { sms_notify: 0, email_notify: 0 }))['id'] as string;
    expect(await post(caller, `/v1/invoices/${id}/notify_by/email`)).toEqual({
      status: 200,
      body: { success: true },
    });
    expect(await post(caller, `/v1/invoices/${id}/notify_by/sms`)).toEqual({
      status: 200,
      body: { success: true },
    });
    expect((await get(caller, `/v1/invoices/${id}`)).body).toMatchObject({
      sms_status: 'sent',
      email_status: 'sent',
    });
    expect(await post(caller, `/v1/invoices/${id}/notify_by/whatsapp`)).toEqual({
      status: 400,
      body: refusal('The medium must be sms or email.', 'medium'),
    });
    const link = (
      await post(caller, '/v1/invoices', {
        type: 'link',
        line_items: [{ name: 'Donation', amount: 5000 }],
      })
    ).body;
    expect(link).toMatchObject({ type: 'link', status: 'issued', customer_id: null });
    expect(await post(caller, `/v1/invoices/${link['id'] as string}/notify_by/email`)).toEqual({
      status: 400,
      body: refusal("The invoice's customer has no email to send it to.", 'medium'),
    });
  });

  it('expires an unpaid invoice when expire_by passes on the account clock', async () => {
    const caller = newAccount();
    const expireBy = Math.floor(Date.now() / 1000) + 3600;
    const id = (await invoice(caller, { expire_by: expireBy, sms_notify: 0, email_notify: 0 }))[
      'id'
    ] as string;
    await advanceTestClock(billing.broker, caller.accountId, 7200);
    await waitFor(
      async () => (await get(caller, `/v1/invoices/${id}`)).body['status'] === 'expired',
      'the invoice to expire',
    );
    expect((await get(caller, `/v1/invoices/${id}`)).body).toMatchObject({
      status: 'expired',
      expired_at: expect.any(Number),
    });
    expect(await post(caller, `/v1/invoices/${id}/cancel`)).toEqual({
      status: 400,
      body: refusal('Only an issued invoice can be cancelled; this one is expired.'),
    });
  });

  it('lists newest first with every filter, and keeps invoices to their account and mode', async () => {
    const caller = newAccount();
    const customer = (
      await post(caller, '/v1/customers', { name: 'Ravi Shah', email: 'ravi@example.com' })
    ).body;
    const a = await invoice(caller, { receipt: 'R-1', sms_notify: 0, email_notify: 0 });
    const b = (
      await post(caller, '/v1/invoices', {
        type: 'link',
        customer_id: customer['id'],
        line_items: LINES,
        sms_notify: 0,
        email_notify: 0,
      })
    ).body;
    const ids = async (query: string) =>
      ((await get(caller, `/v1/invoices${query}`)).body['items'] as { id: string }[]).map(
        (i) => i.id,
      );
    expect(await ids('')).toEqual([b['id'], a['id']]);
    expect(await ids('?type=link')).toEqual([b['id']]);
    expect(await ids('?receipt=R-1')).toEqual([a['id']]);
    expect(await ids(`?customer_id=${customer['id'] as string}`)).toEqual([b['id']]);
    expect(await ids('?subscription_id=sub_00000000000000')).toEqual([]);
    expect(await ids('?count=1&skip=1')).toEqual([a['id']]);
    expect(
      await post(caller, '/v1/invoices', { receipt: 'R-1', customer: CUSTOMER, line_items: LINES }),
    ).toEqual({
      status: 400,
      body: refusal('An invoice with this receipt already exists.', 'receipt'),
    });
    expect(await get(newAccount(), `/v1/invoices/${a['id'] as string}`)).toEqual(MISSING);
    expect(await get({ ...caller, mode: 'live' }, `/v1/invoices/${a['id'] as string}`)).toEqual(
      MISSING,
    );
    expect(
      await post({ ...caller, mode: 'live' }, `/v1/invoices/${a['id'] as string}/cancel`),
    ).toEqual(MISSING);
    expect((await get({ ...caller, mode: 'live' }, '/v1/invoices')).body).toEqual({
      entity: 'collection',
      count: 0,
      items: [],
    });
  });

  it.each([
    [
      { line_items: [{ name: 'X', amount: 99 }] },
      'line_items',
      'The invoice amount must be at least 100 (it is 99).',
    ],
    [{ line_items: [] }, 'line_items', 'An invoice needs at least one line item to be issued.'],
    [
      { line_items: Array.from({ length: 51 }, () => ({ name: 'X', amount: 100 })) },
      'line_items',
      'An invoice may have at most 50 line items.',
    ],
    [{ line_items: 'many' }, 'line_items', 'The line_items must be an array of line item objects.'],
    [{ line_items: [1] }, 'line_items.0', 'The line_items must be an array of line item objects.'],
    [
      { line_items: [{ amount: 100 }] },
      'line_items[0].name',
      'The name field is required when item_id is not sent.',
    ],
    [
      { line_items: [{ name: 'X' }] },
      'line_items[0].amount',
      'The amount field is required when item_id is not sent.',
    ],
    [
      { line_items: [{ name: 'X', amount: 1.5 }] },
      'line_items.0.amount',
      'The amount must be an integer in the smallest currency unit (e.g. paise).',
    ],
    [
      { line_items: [{ name: 'X', amount: 100, quantity: 0 }] },
      'line_items.0.quantity',
      'The quantity must be at least 1.',
    ],
    [
      { line_items: [{ name: 'X', amount: 100, tax_rate: 7 }] },
      'line_items.0.tax_rate',
      'The tax_rate must be one of 0, 0.1, 0.25, 1, 1.5, 3, 5, 12, 18, 28 (percent).',
    ],
    [
      { line_items: [{ item_id: 'item_00000000000000' }] },
      'line_items[0].item_id',
      'The id provided does not exist',
    ],
    [
      { line_items: [{ name: 'X', amount: 100, currency: 'USD' }] },
      'line_items[0]',
      'The line_items[0] is in USD, not the invoice currency INR.',
    ],
    [
      { customer: undefined },
      'customer_id',
      'The customer_id or customer is required to issue an invoice.',
    ],
    [
      { customer_id: 'cust_00000000000000', customer: undefined },
      'customer_id',
      'The id provided does not exist',
    ],
    [{ customer_id: 'cust_00000000000000' }, 'customer', 'Send customer_id or customer, not both.'],
    [
      { customer: { email: 'not-an-email' } },
      'customer.email',
      'The email must be a valid email address.',
    ],
    [
      { customer: { billing_address: { line1: 'x' } } },
      'customer.billing_address.zipcode',
      'The zipcode must be a string.',
    ],
    [{ type: 'ecod' }, 'type', 'The type must be invoice or link.'],
    [{ expire_by: 1000 }, 'expire_by', 'The expire_by must be in the future.'],
    [{ draft: 'yes' }, 'draft', "The draft must be '1' or '0'."],
    [
      { partial_payment: 'maybe' },
      'partial_payment',
      'The partial_payment must be true or false (or 1 or 0).',
    ],
    [{ receipt: 'x'.repeat(41) }, 'receipt', 'The receipt must be 1 to 40 characters.'],
    [
      { currency: 'XYZ' },
      'currency',
      'The currency must be one of INR, USD, EUR, GBP, SGD, AED, AUD, CAD.',
    ],
    [{ notes: { a: 'x'.repeat(257) } }, 'notes', /256/],
    [{ colour: 'green' }, 'colour', 'colour is/are not required and should not be sent'],
  ])('refuses the invoice %j naming %s', async (body, field, description) => {
    expect(
      await post(newAccount(), '/v1/invoices', { customer: CUSTOMER, line_items: LINES, ...body }),
    ).toEqual({ status: 400, body: refusal(description, field) });
  });

  it.each([
    ['PATCH', '/v1/invoices/inv_00000000000000', { notes: {} }],
    ['POST', '/v1/invoices/inv_00000000000000/issue', undefined],
    ['POST', '/v1/invoices/inv_00000000000000/cancel', undefined],
    ['DELETE', '/v1/invoices/inv_00000000000000', undefined],
    ['POST', '/v1/invoices/inv_00000000000000/notify_by/sms', undefined],
    ['GET', '/v1/invoices/pay_00000000000000', undefined],
  ] as const)(
    'answers %s %s of an unknown invoice like any unknown id',
    async (method, url, body) => {
      expect(await call(newAccount(), { method, url, body })).toEqual(MISSING);
    },
  );
});
