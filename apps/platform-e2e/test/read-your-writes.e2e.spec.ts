import { CUSTOMER, DAY, VISA } from './support/fixtures';
import { call, newAccount, sdk, until } from './support/platform';
import type { PlatformAccount } from './support/platform';

type Answer = Awaited<ReturnType<typeof call>>;
const description = (answer: Answer) =>
  String((answer.body['error'] as { description?: string } | undefined)?.description ?? '');

/**
 * What the platform promises across its services, seen as an integrator sees it: a request right
 * after a write never fails because an event is still in flight (payments asks billing), and money
 * that arrives after its invoice was cancelled is given back in full, never kept.
 */
describe('Read-your-writes and late payments through the gateway with the official razorpay SDK', () => {
  let merchant: PlatformAccount;
  beforeAll(async () => (merchant = await newAccount('Read-your-writes E2E')));

  it('pays 20 invoices each right after creating it: 0 refusals', async () => {
    const rzp = sdk(merchant.test);
    const paid: { invoiceId: string; answer: Answer }[] = [];
    for (let i = 0; i < 20; i++) {
      const invoice = await rzp.invoices.create({
        type: 'invoice',
        customer: CUSTOMER,
        line_items: [{ name: `Order ${i}`, amount: 10000 + i, currency: 'INR', quantity: 1 }],
        sms_notify: 0,
        email_notify: 0,
      } as never);
      paid.push({
        invoiceId: invoice.id,
        answer: await call(merchant.test, 'POST', '/v1/simulator/payments', {
          invoice_id: invoice.id,
          method: 'card',
          card: VISA,
        }),
      });
    }
    expect(
      paid.filter(({ answer }) => answer.status !== 200).map(({ answer }) => description(answer)),
    ).toEqual([]);
    for (const [i, { invoiceId, answer }] of paid.entries()) {
      expect(answer.body).toMatchObject({
        razorpay_invoice_id: invoiceId,
        payment: { amount: 10000 + i, status: 'captured', invoice_id: invoiceId },
      });
    }
    await until(
      async () =>
        (await Promise.all(paid.map(({ invoiceId }) => rzp.invoices.fetch(invoiceId)))).every(
          (invoice) => invoice.status === 'paid',
        ),
      'every invoice to be paid',
    );
  });

  it('authorizes 10 subscriptions each right after creating it (first-cycle invoices and token payments): 0 refusals', async () => {
    const rzp = sdk(merchant.test);
    const plan = await rzp.plans.create({
      period: 'monthly',
      interval: 1,
      item: { name: 'Gold', amount: 49900, currency: 'INR' },
    });
    const authorized: { subscriptionId: string; token: boolean; answer: Answer }[] = [];
    for (let i = 0; i < 10; i++) {
      const token = i % 2 === 1;
      const subscription = await rzp.subscriptions.create({
        plan_id: plan.id,
        total_count: 6,
        customer_notify: 0,
        ...(token ? { start_at: Math.floor(Date.now() / 1000) + 7 * DAY } : {}),
      } as never);
      const answer = await call(merchant.test, 'POST', '/v1/simulator/payments', {
        subscription_id: subscription.id,
        method: 'card',
        card: VISA,
        email: CUSTOMER.email,
      });
      authorized.push({ subscriptionId: subscription.id, token, answer });
    }
    expect(
      authorized
        .filter(({ answer }) => answer.status !== 200)
        .map(({ answer }) => description(answer)),
    ).toEqual([]);
    for (const { subscriptionId, token, answer } of authorized) {
      expect(answer.body).toMatchObject({
        razorpay_subscription_id: subscriptionId,
        payment: { status: token ? 'refunded' : 'captured' },
      });
    }
    await until(
      async () =>
        (
          await Promise.all(
            authorized.map(({ subscriptionId }) => rzp.subscriptions.fetch(subscriptionId)),
          )
        ).every((s, i) => s.status === (authorized[i].token ? 'authenticated' : 'active')),
      'every subscription to be authorized',
      45_000,
    );
  });

  /**
   * The race, through the public API: the invoice's order is open in payments, then the cancel and a
   * payment are sent at the same moment, so payments takes the payment before it hears of the cancel
   * while billing has cancelled before the payment reaches it. Kafka decides the order, so a round can
   * also come out the other way (the payment refused, or paying the invoice before the cancel): every
   * round must keep the money straight, and at least one of 10 must be the late payment.
   */
  it('refunds in full a payment captured for an invoice cancelled meanwhile, visible through the SDK', async () => {
    const rzp = sdk(merchant.test);
    let late = 0;
    for (let round = 0; round < 10 && late === 0; round++) {
      const invoice = await rzp.invoices.create({
        type: 'invoice',
        customer: CUSTOMER,
        line_items: [{ name: `Late ${round}`, amount: 25000, currency: 'INR', quantity: 1 }],
        sms_notify: 0,
        email_notify: 0,
      } as never);
      await until(
        () =>
          rzp.orders.fetch(invoice.order_id as string).then(
            () => true,
            () => false,
          ),
        'payments to open the invoice’s order',
      );
      const [cancelled, paid] = await Promise.all([
        rzp.invoices.cancel(invoice.id).then(
          () => true,
          () => false,
        ),
        call(merchant.test, 'POST', '/v1/simulator/payments', {
          invoice_id: invoice.id,
          method: 'card',
          card: VISA,
        }),
      ]);
      if (paid.status !== 200) {
        expect({ cancelled, description: description(paid) }).toEqual({
          cancelled: true,
          description: 'The invoice of this order is cancelled: it takes no more payments.',
        });
        continue;
      }
      const paymentId = paid.body['razorpay_payment_id'] as string;
      if (!cancelled) {
        // Billing heard of the payment first: the invoice is paid and keeps it.
        await until(
          async () => (await rzp.invoices.fetch(invoice.id)).status === 'paid',
          'the invoice to be paid',
        );
        expect(await rzp.payments.fetch(paymentId)).toMatchObject({
          status: 'captured',
          amount_refunded: 0,
        });
        continue;
      }
      late++;
      const refunded = await until(async () => {
        const payment = await rzp.payments.fetch(paymentId);
        return payment.status === 'refunded' ? payment : null;
      }, 'the late payment to be refunded');
      expect(refunded).toMatchObject({
        amount: 25000,
        amount_refunded: 25000,
        refund_status: 'full',
      });
      const refunds = (await rzp.payments.fetchMultipleRefund(paymentId, { count: 10 })).items;
      expect(refunds).toEqual([
        expect.objectContaining({
          entity: 'refund',
          amount: 25000,
          payment_id: paymentId,
          notes: { reason: 'invoice_cancelled', invoice_id: invoice.id },
        }),
      ]);
      expect(await rzp.invoices.fetch(invoice.id)).toMatchObject({
        status: 'cancelled',
        amount_paid: 0,
      });
    }
    expect(late).toBeGreaterThan(0);
  });
});
