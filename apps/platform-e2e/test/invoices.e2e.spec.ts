import { CUSTOMER, NOT_FOUND, VISA } from './support/fixtures';
import { call, newAccount, rejection, sdk, until } from './support/platform';
import type { PlatformAccount } from './support/platform';

describe('Invoices through the gateway with the official razorpay SDK, paid through payments', () => {
  let merchant: PlatformAccount;
  beforeAll(async () => (merchant = await newAccount('Invoices E2E')));

  /** The simulator pays the invoice's order once payments has opened it (billing's invoice.issued over Kafka). */
  const pay = (invoiceId: string, amount: number) =>
    until(async () => {
      const answer = await call(merchant.test, 'POST', '/v1/simulator/payments', {
        invoice_id: invoiceId,
        amount,
        method: 'card',
        card: VISA,
      });
      return answer.status === 200 ||
        !String((answer.body['error'] as { description?: string })?.description).includes(
          'does not exist',
        )
        ? answer
        : null;
    }, `the order of ${invoiceId}`);

  it('issues an invoice paid in two partial payments, the invoice following each captured payment', async () => {
    const rzp = sdk(merchant.test);
    const invoice = await rzp.invoices.create({
      type: 'invoice',
      customer: CUSTOMER,
      line_items: [{ name: 'Annual plan', amount: 100000, currency: 'INR', quantity: 1 }],
      partial_payment: true,
      sms_notify: 0,
      email_notify: 0,
    } as never);
    expect(invoice).toMatchObject({
      entity: 'invoice',
      status: 'issued',
      amount: 100000,
      amount_due: 100000,
      partial_payment: true,
      order_id: expect.stringMatching(/^order_/),
      customer_id: expect.stringMatching(/^cust_/),
    });
    // The inline customer is the account's customer of that email and contact (made with the invoice).
    expect(await rzp.customers.fetch(invoice.customer_id as string)).toMatchObject({
      email: CUSTOMER.email,
      contact: CUSTOMER.contact,
    });

    const first = await pay(invoice.id, 40000);
    expect(first).toMatchObject({
      status: 200,
      body: {
        razorpay_invoice_id: invoice.id,
        razorpay_order_id: invoice.order_id,
        payment: { invoice_id: invoice.id, amount: 40000, status: 'captured' },
      },
    });
    const partly = await until(async () => {
      const current = await rzp.invoices.fetch(invoice.id);
      return current.status === 'partially_paid' ? current : null;
    }, 'the invoice to be partially paid');
    expect(partly).toMatchObject({
      amount_paid: 40000,
      amount_due: 60000,
      paid_at: null,
      payment_id: first.body['razorpay_payment_id'],
    });

    const second = await pay(invoice.id, 60000);
    expect(second.status).toBe(200);
    const paid = await until(async () => {
      const current = await rzp.invoices.fetch(invoice.id);
      return current.status === 'paid' ? current : null;
    }, 'the invoice to be paid');
    expect(paid).toMatchObject({
      amount_paid: 100000,
      amount_due: 0,
      paid_at: expect.any(Number),
      payment_id: second.body['razorpay_payment_id'],
    });
    expect(
      (
        await rzp.invoices.all({ payment_id: second.body['razorpay_payment_id'] } as never)
      ).items.map((i) => i.id),
    ).toEqual([invoice.id]);
    expect((await rzp.orders.fetch(invoice.order_id as string)).status).toBe('paid');

    // Settled: a third payment and every illegal transition are refused.
    expect(
      await call(merchant.test, 'POST', '/v1/simulator/payments', {
        invoice_id: invoice.id,
        method: 'card',
        card: VISA,
        amount: 100,
      }),
    ).toMatchObject({
      status: 400,
      body: { error: { description: 'The order has already been paid.' } },
    });
    expect(await rejection(rzp.invoices.cancel(invoice.id))).toMatchObject({
      statusCode: 400,
      error: { description: 'Only an issued invoice can be cancelled; this one is paid.' },
    });
    expect(await rejection(rzp.invoices.issue(invoice.id))).toMatchObject({
      statusCode: 400,
      error: { description: 'Only a draft invoice can be issued; this one is paid.' },
    });
    expect(await rejection(rzp.invoices.delete(invoice.id))).toMatchObject({
      statusCode: 400,
      error: { description: 'Only a draft invoice can be deleted; this one is paid.' },
    });
  });

  it('drafts, edits, issues and cancels an invoice, after which it cannot be paid', async () => {
    const rzp = sdk(merchant.test);
    const item = await rzp.items.create({ name: 'Workshop seat', amount: 250000, currency: 'INR' });
    const customer = await rzp.customers.create({
      name: 'Anita Rao',
      email: 'anita.rao@example.com',
      fail_existing: 0,
    } as never);
    const draft = await rzp.invoices.create({
      type: 'invoice',
      draft: '1',
      customer_id: customer.id,
      line_items: [{ item_id: item.id, quantity: 2 }],
      sms_notify: 0,
      email_notify: 0,
    } as never);
    expect(draft).toMatchObject({
      status: 'draft',
      amount: 500000,
      customer_id: customer.id,
      short_url: null,
      // Dated at its creation, as Razorpay dates a draft.
      date: draft.created_at,
    });
    expect(draft.date).toEqual(expect.any(Number));
    expect(await rzp.invoices.edit(draft.id, { description: 'Two seats' } as never)).toMatchObject({
      description: 'Two seats',
      status: 'draft',
    });
    const issued = await rzp.invoices.issue(draft.id);
    expect(issued).toMatchObject({
      status: 'issued',
      short_url: expect.stringMatching(
        new RegExp(`^http://(localhost|127\\.0\\.0\\.1):\\d+/i/${draft.id}$`),
      ),
    });
    // The short_url is the customer's page: public, no key.
    const page = await fetch(issued.short_url as string);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('₹5,000.00');
    expect(await rzp.invoices.notifyBy(draft.id, 'email')).toEqual({ success: true });
    expect(await rejection(rzp.invoices.notifyBy(draft.id, 'fax' as never))).toMatchObject({
      statusCode: 400,
      error: { field: 'medium' },
    });
    expect(await rzp.invoices.cancel(draft.id)).toMatchObject({
      status: 'cancelled',
      cancelled_at: expect.any(Number),
    });
    // Probed with the declined test card, so no probe pays it while payments has not heard of the cancel yet.
    const refused = await until(async () => {
      const answer = await call(merchant.test, 'POST', '/v1/simulator/payments', {
        invoice_id: draft.id,
        method: 'card',
        card: { ...VISA, number: '4000000000000002' },
      });
      return String((answer.body['error'] as { description?: string })?.description).includes(
        'cancelled',
      )
        ? answer
        : null;
    }, 'payments to close the cancelled invoice');
    expect(refused).toMatchObject({
      status: 400,
      body: {
        error: {
          description: 'The invoice of this order is cancelled: it takes no more payments.',
        },
      },
    });
    const deletable = await rzp.invoices.create({
      type: 'link',
      draft: '1',
      line_items: [{ name: 'Tip', amount: 500, currency: 'INR' }],
    } as never);
    expect(await rzp.invoices.delete(deletable.id)).toEqual([]);
    expect(await rejection(rzp.invoices.fetch(deletable.id))).toEqual(NOT_FOUND);
  });

  it("edits a draft's lines as Razorpay's documented edit does: one renamed by id, one untouched, one added", async () => {
    const rzp = sdk(merchant.test);
    const draft = await rzp.invoices.create({
      type: 'invoice',
      draft: '1',
      customer: CUSTOMER,
      line_items: [
        { name: 'Book / English August', amount: 20000, currency: 'INR', quantity: 2 },
        { name: 'Book / Rocket Man', amount: 15000, currency: 'INR', quantity: 1 },
      ],
    } as never);
    const [august, rocketMan] = draft.line_items;
    const edited = await rzp.invoices.edit(draft.id, {
      line_items: [
        { id: august.id, name: 'Book / English August - Updated name', quantity: 1 },
        { name: 'Book / A Wild Sheep Chase', amount: 20000, currency: 'INR', quantity: 1 },
      ],
      notes: { 'updated-key': 'An updated note.' },
    });
    expect(edited).toMatchObject({
      status: 'draft',
      amount: 55000,
      notes: { 'updated-key': 'An updated note.' },
    });
    expect(edited.line_items).toEqual([
      {
        ...august,
        name: 'Book / English August - Updated name',
        quantity: 1,
        gross_amount: 20000,
        taxable_amount: 20000,
        net_amount: 20000,
      },
      rocketMan,
      expect.objectContaining({
        id: expect.stringMatching(/^li_[0-9A-Za-z]{14}$/),
        name: 'Book / A Wild Sheep Chase',
        amount: 20000,
        quantity: 1,
      }),
    ]);
    expect((await rzp.invoices.fetch(draft.id)).line_items).toEqual(edited.line_items);
    expect(
      await rejection(
        rzp.invoices.edit(draft.id, { line_items: [{ id: 'li_NotOnThisOne1', quantity: 2 }] }),
      ),
    ).toMatchObject({
      statusCode: 400,
      error: { description: 'The id provided does not exist', field: 'line_items.0.id' },
    });
  });

  it('keeps invoices to their account and mode', async () => {
    const rzp = sdk(merchant.test);
    const invoice = await rzp.invoices.create({
      type: 'link',
      line_items: [{ name: 'Tip', amount: 500, currency: 'INR' }],
      sms_notify: 0,
      email_notify: 0,
    } as never);
    expect(await rejection(sdk(merchant.live).invoices.fetch(invoice.id))).toEqual(NOT_FOUND);
    const stranger = await newAccount('Invoices E2E stranger');
    expect(await rejection(sdk(stranger.test).invoices.cancel(invoice.id))).toEqual(NOT_FOUND);
    expect(
      await call(stranger.test, 'POST', '/v1/simulator/payments', {
        invoice_id: invoice.id,
        method: 'card',
        card: VISA,
      }),
    ).toMatchObject({ status: 400, body: { error: { field: 'invoice_id' } } });
  });
});
