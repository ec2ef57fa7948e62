import { createServer } from 'node:http';
import type { IncomingHttpHeaders, Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { validateWebhookSignature } from 'razorpay/dist/utils/razorpay-utils';
import { CUSTOMER, DAY, NOT_FOUND, validatePaymentVerification, VISA } from './support/fixtures';
import { call, newAccount, platform, rejection, sdk, until } from './support/platform';
import type { KeyPair, PlatformAccount } from './support/platform';

type Row = Record<string, unknown>;
const SECRET = 'whsec_links_e2e_0123456789';
const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A real HTTP endpoint on localhost, as an integrator's server: it answers 200 and keeps what it got. */
async function receiver() {
  const received: { headers: IncomingHttpHeaders; body: Row; raw: string }[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      received.push({ headers: request.headers, body: JSON.parse(raw) as Row, raw });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/razorpay/webhooks`,
    received,
    close: () =>
      new Promise<void>((resolve) => (server.close(() => resolve()), server.closeAllConnections())),
  };
}

/** Pays the link in test mode as its page would, with the simulator's card that succeeds. */
const pay = (key: KeyPair, linkId: string, body: Row = {}) =>
  call(key, 'POST', '/v1/simulator/payments', {
    payment_link_id: linkId,
    method: 'card',
    card: VISA,
    ...body,
  });

describe('payment links through the gateway with the official razorpay SDK', () => {
  let merchant: PlatformAccount;
  beforeAll(async () => (merchant = await newAccount('Payment Links E2E')));

  it('creates, fetches, lists, edits and sends a link; the simulator pays it through its order, signed', async () => {
    const rzp = sdk(merchant.test);
    const expireBy = nowSeconds() + 3600;
    const link = await rzp.paymentLink.create({
      amount: 1000,
      currency: 'INR',
      accept_partial: true,
      first_min_partial_amount: 100,
      expire_by: expireBy,
      reference_id: `TS-${Date.now()}`,
      description: 'Payment for policy no #23456',
      customer: CUSTOMER,
      notify: { sms: true, email: true },
      reminder_enable: true,
      notes: { policy_name: 'Life Insurance Policy' },
      callback_url: 'https://example-callback-url.com/',
      callback_method: 'get',
    });
    expect(link).toMatchObject({
      id: expect.stringMatching(/^plink_[0-9A-Za-z]{14}$/),
      amount: 1000,
      amount_paid: 0,
      status: 'created',
      expire_by: expireBy,
      customer: CUSTOMER,
      notify: { sms: true, email: true },
      reminders: { status: 'failed' },
      payments: null,
      user_id: '',
    });
    expect(new URL(link.short_url).pathname).toBe(`/l/${link.id}`); // the gateway's public base URL
    expect(await rzp.paymentLink.fetch(link.id)).toEqual(link);
    const listed = await rzp.paymentLink.all({ reference_id: link.reference_id } as never);
    expect(listed.payment_links.map((l) => l.id)).toEqual([link.id]);
    expect((await rzp.paymentLink.all()).payment_links.map((l) => l.id)).toContain(link.id);

    const edited = await rzp.paymentLink.edit(link.id, {
      reference_id: `${link.reference_id}-B`,
      notes: { policy_name: 'Term Plan' },
      reminder_enable: false,
    });
    expect(edited).toMatchObject({
      reference_id: `${link.reference_id}-B`,
      notes: { policy_name: 'Term Plan' },
      reminder_enable: false,
      reminders: [],
    });
    expect(await rzp.paymentLink.notifyBy(link.id, 'email')).toEqual({ success: true });
    expect(await rzp.paymentLink.notifyBy(link.id, 'sms')).toEqual({ success: true });

    const part = await pay(merchant.test, link.id, { amount: 400 });
    expect(part.status).toBe(200);
    const orderId = part.body['razorpay_order_id'] as string;
    expect(part.body).toMatchObject({ razorpay_payment_link_id: link.id });
    expect(
      validatePaymentVerification(
        { order_id: orderId, payment_id: part.body['razorpay_payment_id'] as string },
        part.body['razorpay_signature'] as string,
        merchant.test.secret,
      ),
    ).toBe(true);
    expect(await rzp.paymentLink.fetch(link.id)).toMatchObject({
      status: 'partially_paid',
      amount_paid: 400,
      order_id: orderId,
    });
    const rest = await pay(merchant.test, link.id);
    expect(rest.body['payment']).toMatchObject({ amount: 600, status: 'captured' });
    const paid = await rzp.paymentLink.fetch(link.id);
    expect(paid).toMatchObject({ status: 'paid', amount_paid: 1000 });
    expect(paid.payments).toEqual([
      expect.objectContaining({ payment_id: part.body['razorpay_payment_id'], amount: 400 }),
      expect.objectContaining({ payment_id: rest.body['razorpay_payment_id'], amount: 600 }),
    ]);
    expect(await rzp.orders.fetch(orderId)).toMatchObject({
      status: 'paid',
      amount_paid: 1000,
      receipt: link.reference_id,
      product_type: 'payment_link_v2',
      product_id: link.id,
    });
    const byPayment = await rzp.paymentLink.all({
      payment_id: rest.body['razorpay_payment_id'],
    } as never);
    expect(byPayment.payment_links.map((l) => l.id)).toEqual([link.id]);
    // The link's payments are payments like any other: refunded through the SDK.
    expect(
      await rzp.payments.refund(rest.body['razorpay_payment_id'] as string, { amount: 100 }),
    ).toMatchObject({ amount: 100 });
    const history = await call(merchant.test, 'GET', `/v1/events?entity_id=${link.id}`);
    expect((history.body['items'] as Row[]).map((event) => event['type'])).toEqual(
      expect.arrayContaining([
        'PaymentLinkCreated',
        'PaymentLinkEdited',
        'PaymentLinkNotified',
        'PaymentLinkPaymentCaptured',
        'PaymentLinkPaid',
      ]),
    );
  });

  it('answers Razorpay’s documented errors', async () => {
    const rzp = sdk(merchant.test);
    const reference = `DUP-${Date.now()}`;
    const link = await rzp.paymentLink.create({ amount: 50000, reference_id: reference } as never);
    const refused = async (promise: Promise<unknown>, description: string, field?: string) =>
      expect(await rejection(promise)).toMatchObject({
        statusCode: 400,
        error: {
          code: 'BAD_REQUEST_ERROR',
          description,
          ...(field ? { field } : {}),
        },
      });
    await refused(
      rzp.paymentLink.create({ amount: 50000, reference_id: reference } as never),
      'payment link creation with reference ID already attempted',
      'reference_id',
    );
    await refused(
      rzp.paymentLink.create({ amount: 50000, expire_by: nowSeconds() + 60 } as never),
      'timestamp must be atleast 15 minutes in future',
      'expire_by',
    );
    await refused(
      rzp.paymentLink.create({ amount: 50000, colour: 'red' } as never),
      'wrong input fields sent.',
      'colour',
    );
    await refused(
      rzp.paymentLink.create({ amount: 50000, upi_link: true } as never),
      'UPI Payment Links is not supported in Test Mode. Please experience the product in Live Mode.',
      'upi_link',
    );
    await refused(
      rzp.paymentLink.create({ amount: 50000, notes: { note: 'x'.repeat(256) } } as never),
      'value: the length must not be greater than 255.',
      'notes',
    );
    await refused(
      rzp.paymentLink.create({
        amount: 50000,
        callback_url: 'https://example.com/done',
      } as never),
      'The callback method field is required when callback url is present.',
      'callback_method',
    );
    await refused(
      rzp.paymentLink.notifyBy(link.id, 'whatsapp' as never),
      'not a valid notification medium',
      'medium',
    );
    await refused(rzp.paymentLink.fetch('plink_bad'), 'invalid input [strippedId] = [bad]');
    expect(await rejection(rzp.paymentLink.fetch('plink_ZzZzZzZzZzZzZz'))).toMatchObject(NOT_FOUND);
    const stranger = sdk(platform.account.test);
    expect(await rejection(stranger.paymentLink.fetch(link.id))).toMatchObject(NOT_FOUND);
    expect(await rejection(stranger.paymentLink.cancel(link.id))).toMatchObject(NOT_FOUND);
    expect(await rejection(sdk(merchant.live).paymentLink.fetch(link.id))).toMatchObject(NOT_FOUND);

    expect((await pay(merchant.test, link.id)).status).toBe(200);
    await refused(
      rzp.paymentLink.edit(link.id, { notes: { late: 'yes' } }),
      'update can only be made in created or partially paid state',
    );
    await refused(
      rzp.paymentLink.cancel(link.id),
      'cannot cancel or expire an already paid/partially paid link',
    );
    await refused(
      rzp.paymentLink.notifyBy(link.id, 'sms'),
      'The payment link is paid: there is nothing to send its customer.',
    );

    const live = await sdk(merchant.live).paymentLink.create({
      amount: 1000,
      upi_link: true,
    } as never);
    expect(live).toMatchObject({ upi_link: true, status: 'created' });
    expect(
      await rejection(
        sdk(merchant.live).paymentLink.create({
          amount: 1000,
          upi_link: true,
          accept_partial: true,
        } as never),
      ),
    ).toMatchObject({ error: { description: 'partial payment not supported in upi link' } });
    expect(
      await rejection(
        sdk(merchant.live).paymentLink.create({
          amount: 1000,
          currency: 'USD',
          upi_link: true,
        } as never),
      ),
    ).toMatchObject({
      statusCode: 400,
      error: {
        code: 'BAD_REQUEST_ERROR',
        description: 'upi is currently supported only in indian currency',
        field: 'currency',
      },
    });
  });

  it('20 payers of one link at once: one payment counted, the others refused; partial payers never take more than the amount', async () => {
    const rzp = sdk(merchant.test);
    const whole = await rzp.paymentLink.create({ amount: 7000 } as never);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => pay(merchant.test, whole.id)),
    );
    const counted = answers.filter((answer) => answer.status === 200);
    expect(counted).toHaveLength(1);
    for (const refused of answers.filter((answer) => answer.status !== 200))
      expect(refused).toMatchObject({
        status: 400,
        body: {
          error: { code: 'BAD_REQUEST_ERROR', description: 'The order has already been paid.' },
        },
      });
    const paid = await rzp.paymentLink.fetch(whole.id);
    expect(paid).toMatchObject({ status: 'paid', amount_paid: 7000 });
    expect(paid.payments).toEqual([
      expect.objectContaining({ payment_id: counted[0].body['razorpay_payment_id'], amount: 7000 }),
    ]);
    const orderId = (paid as unknown as Row)['order_id'] as string;
    const orderPayments = (await rzp.orders.fetchPayments(orderId)).items as unknown as Row[];
    expect(orderPayments.filter((payment) => payment['status'] === 'captured')).toHaveLength(1);

    // 20 partial payers of 1500 on 10000: at most six fit; whoever would overpay is refused.
    const partial = await rzp.paymentLink.create({ amount: 10000, accept_partial: true } as never);
    const parts = await Promise.all(
      Array.from({ length: 20 }, () => pay(merchant.test, partial.id, { amount: 1500 })),
    );
    const taken = parts.filter((answer) => answer.status === 200);
    expect(taken.length).toBeGreaterThanOrEqual(1);
    expect(taken.length).toBeLessThanOrEqual(6);
    for (const refused of parts.filter((answer) => answer.status !== 200))
      expect(refused).toMatchObject({
        status: 400,
        body: { error: { code: 'BAD_REQUEST_ERROR', description: expect.any(String) } },
      });
    const after = await rzp.paymentLink.fetch(partial.id);
    expect(after).toMatchObject({ status: 'partially_paid', amount_paid: 1500 * taken.length });
    const linkPayments = (after as unknown as Row)['payments'] as Row[];
    expect(linkPayments.map((payment) => payment['payment_id']).sort()).toEqual(
      taken.map((answer) => answer.body['razorpay_payment_id']).sort(),
    );
    // The rest is still due, and paying it closes the link at exactly its amount.
    const rest = await pay(merchant.test, partial.id);
    expect(rest.body['payment']).toMatchObject({ amount: 10000 - 1500 * taken.length });
    expect(await rzp.paymentLink.fetch(partial.id)).toMatchObject({
      status: 'paid',
      amount_paid: 10000,
    });
  });

  it('refunds and disputes a link’s payment like any other: the link still lists it, paid', async () => {
    const rzp = sdk(merchant.test);
    const made = await rzp.paymentLink.create({ amount: 40000 } as never);
    const paid = await pay(merchant.test, made.id);
    const paymentId = paid.body['razorpay_payment_id'] as string;
    expect(await rzp.payments.refund(paymentId, { amount: 5000 })).toMatchObject({
      amount: 5000,
      payment_id: paymentId,
    });
    const disputed = await call(merchant.test, 'POST', '/v1/simulator/disputes', {
      payment_id: paymentId,
      amount: 10000,
    });
    expect(disputed).toMatchObject({
      status: 200,
      body: { entity: 'dispute', payment_id: paymentId, amount: 10000 },
    });
    expect(await rzp.disputes.accept(disputed.body['id'] as string)).toMatchObject({
      status: 'lost',
      amount_deducted: 10000,
    });
    expect(await rzp.payments.fetch(paymentId)).toMatchObject({
      status: 'captured',
      amount_refunded: 5000,
      refund_status: 'partial',
    });
    expect(await rzp.paymentLink.fetch(made.id)).toMatchObject({
      status: 'paid',
      amount_paid: 40000,
      payments: [expect.objectContaining({ payment_id: paymentId, amount: 40000 })],
    });
    const byPayment = await rzp.paymentLink.all({ payment_id: paymentId } as never);
    expect(byPayment.payment_links.map((l) => l.id)).toEqual([made.id]);
  });

  it('cancels a link: its order takes no more payments, and payment_link.cancelled is delivered', async () => {
    const rzp = sdk(merchant.test);
    const endpoint = await receiver();
    await rzp.webhooks.create(
      {
        url: endpoint.url,
        events: ['payment_link.cancelled', 'payment_link.paid', 'payment_link.partially_paid'],
        secret: SECRET,
      } as never,
      merchant.accountId,
    );
    const link = await rzp.paymentLink.create({ amount: 20000, accept_partial: true } as never);
    const cancelled = await rzp.paymentLink.cancel(link.id);
    expect(cancelled).toMatchObject({ status: 'cancelled', cancelled_at: expect.any(Number) });
    expect(await pay(merchant.test, link.id)).toMatchObject({
      status: 400,
      body: { error: { description: 'The payment link is cancelled: it takes no more payments.' } },
    });
    expect(await rejection(rzp.paymentLink.cancel(link.id))).toMatchObject({
      error: { description: 'cannot cancel or expire an already cancelled link' },
    });

    const paidLink = await rzp.paymentLink.create({ amount: 20000, accept_partial: true } as never);
    await pay(merchant.test, paidLink.id, { amount: 5000 });
    await pay(merchant.test, paidLink.id);
    const bodies = await until(async () => {
      const events = endpoint.received.map((request) => request.body);
      return events.length >= 3 ? events : null;
    }, 'the three link webhooks');
    for (const request of endpoint.received)
      expect(
        validateWebhookSignature(
          request.raw,
          request.headers['x-razorpay-signature'] as string,
          SECRET,
        ),
      ).toBe(true);
    expect(bodies.find((b) => b['event'] === 'payment_link.cancelled')).toMatchObject({
      contains: ['payment_link'],
      payload: { payment_link: { entity: { id: link.id, status: 'cancelled' } } },
    });
    expect(bodies.find((b) => b['event'] === 'payment_link.partially_paid')).toMatchObject({
      contains: ['payment_link', 'order', 'payment'],
      payload: {
        payment_link: { entity: { id: paidLink.id, status: 'partially_paid', amount_paid: 5000 } },
        order: {
          entity: { id: (paidLink as unknown as Row)['order_id'], product_type: 'payment_link_v2' },
        },
        payment: { entity: { amount: 5000, status: 'captured' } },
      },
    });
    expect(bodies.find((b) => b['event'] === 'payment_link.paid')).toMatchObject({
      contains: ['payment_link', 'order', 'payment'],
      payload: {
        payment_link: { entity: { id: paidLink.id, status: 'paid', amount_paid: 20000 } },
        order: { entity: { status: 'paid' } },
        payment: { entity: { amount: 15000 } },
      },
    });
    await endpoint.close();
  });

  it('expires on the account’s test clock: payment_link.expired, and no cancel or payment after', async () => {
    const own = await newAccount('Payment Links Expiry E2E');
    const rzp = sdk(own.test);
    const endpoint = await receiver();
    await rzp.webhooks.create(
      { url: endpoint.url, events: ['payment_link.expired'], secret: SECRET } as never,
      own.accountId,
    );
    const timed = await rzp.paymentLink.create({
      amount: 30000,
      expire_by: nowSeconds() + 20 * 60,
    } as never);
    const plain = await rzp.paymentLink.create({ amount: 30000 } as never);
    expect(plain.expire_by).toBe(0);
    expect(
      (await call(own.test, 'POST', '/v1/simulator/clock/advance', { seconds: 30 * 60 })).status,
    ).toBe(200);
    await until(
      async () => (await rzp.paymentLink.fetch(timed.id)).status === 'expired',
      'the timed link to expire',
    );
    expect(await rzp.paymentLink.fetch(plain.id)).toMatchObject({ status: 'created' });
    expect(await rejection(rzp.paymentLink.cancel(timed.id))).toMatchObject({
      error: { description: 'cannot cancel or expire an expired link' },
    });
    expect(await pay(own.test, timed.id)).toMatchObject({
      status: 400,
      body: { error: { description: 'The payment link is expired: it takes no more payments.' } },
    });
    // Without expire_by a link lasts six months.
    await call(own.test, 'POST', '/v1/simulator/clock/advance', { seconds: 185 * DAY });
    await until(
      async () => (await rzp.paymentLink.fetch(plain.id)).status === 'expired',
      'the plain link to expire after six months',
    );
    const expired = await until(async () => {
      const events = endpoint.received.map((request) => request.body);
      return events.length >= 2 ? events : null;
    }, 'both payment_link.expired webhooks');
    expect(expired.map((b) => (b['payload'] as Row)['payment_link'])).toEqual(
      expect.arrayContaining([
        { entity: expect.objectContaining({ id: timed.id, status: 'expired' }) },
        { entity: expect.objectContaining({ id: plain.id, status: 'expired' }) },
      ]),
    );
    await endpoint.close();
  });
});
