import { CUSTOMER, DAY, DISPUTE_CARD, VISA } from '../support/fixtures';
import { adminCall, call, until } from '../support/platform';
import type { Entity, Fixture, World } from './world';
import { fileStream } from './world';

const asEntity = (value: unknown): Entity => value as Entity;

async function checkout(world: World, body: Entity): Promise<string> {
  const paid = await call(world.key, 'POST', '/v1/simulator/payments', body);
  if (paid.status !== 200) throw new Error(`checkout refused: ${JSON.stringify(paid.body)}`);
  return paid.body['razorpay_payment_id'] as string;
}

/** A payment of a new order, authorized by card (or as `instrument` says). */
async function authorized(world: World, amount: number, instrument: Entity = {}) {
  const order = await world.rzp.orders.create({ amount, currency: 'INR' });
  const id = await checkout(world, {
    order_id: order.id,
    method: 'card',
    card: VISA,
    email: CUSTOMER.email,
    contact: CUSTOMER.contact,
    ...instrument,
  });
  return asEntity(await world.rzp.payments.fetch(id));
}

async function captured(world: World, amount: number, instrument: Entity = {}) {
  const payment = await authorized(world, amount, instrument);
  return asEntity(await world.rzp.payments.capture(payment['id'] as string, amount, 'INR'));
}

/** A subscription of the account's plan, its authorization paid once payments knows of it. */
async function subscribed(world: World, terms: Entity, status: string): Promise<Entity> {
  const subscription = asEntity(
    await world.rzp.subscriptions.create({
      plan_id: await world.id('plan'),
      total_count: 6,
      ...terms,
    } as never),
  );
  const id = subscription['id'] as string;
  await until(async () => {
    const answer = await call(world.key, 'POST', '/v1/simulator/payments', {
      subscription_id: id,
      method: 'card',
      card: VISA,
      email: CUSTOMER.email,
      contact: CUSTOMER.contact,
    });
    return answer.status === 200;
  }, `the authorization of ${id}`);
  return until(async () => {
    const now = asEntity(await world.rzp.subscriptions.fetch(id));
    return now['status'] === status ? now : null;
  }, `${id} ${status}`);
}

/**
 * What the documented examples name by placeholder (`'$order.id'`), made on first use in the
 * example's own account, each at most once: an example that consumes one (closes, deletes,
 * captures it) names one of its own.
 */
export const FIXTURES: Readonly<Record<string, Fixture>> = {
  account: async (world) => ({ id: world.account.accountId }),
  customer: async (world) =>
    asEntity(
      await world.rzp.customers.create({
        ...CUSTOMER,
        email: `gaurav.${world.account.accountId}@example.com`,
      }),
    ),
  /** The customer of Razorpay's customer examples, as they name him. */
  gauravKumar: async (world) =>
    asEntity(
      await world.rzp.customers.create({
        name: 'Gaurav Kumar',
        contact: '9123456780',
        email: 'gaurav.kumar@example.com',
      }),
    ),
  item: async (world) =>
    asEntity(await world.rzp.items.create({ name: 'Book', amount: 20000, currency: 'INR' })),
  itemToDelete: async (world) =>
    asEntity(await world.rzp.items.create({ name: 'Old book', amount: 100, currency: 'INR' })),
  plan: async (world) =>
    asEntity(
      await world.rzp.plans.create({
        period: 'monthly',
        interval: 1,
        item: { name: 'Silver', amount: 49900, currency: 'INR' },
      }),
    ),
  otherPlan: async (world) =>
    asEntity(
      await world.rzp.plans.create({
        period: 'monthly',
        interval: 1,
        item: { name: 'Gold', amount: 79900, currency: 'INR' },
      }),
    ),
  /** An offer of the account, made as its operator makes one (the admin API). */
  offer: async (world) => {
    const made = await adminCall('POST', `/accounts/${world.account.accountId}/offers`, {
      mode: 'test',
      name: 'Launch 20%',
      discount_type: 'percent',
      discount_percent: 20,
      cycles: 2,
    });
    if (made.status !== 200) throw new Error(`offer refused: ${JSON.stringify(made.body)}`);
    return made.body;
  },
  subscription: async (world) =>
    asEntity(
      await world.rzp.subscriptions.create({ plan_id: await world.id('plan'), total_count: 6 }),
    ),
  subscriptionWithOffer: async (world) =>
    asEntity(
      await world.rzp.subscriptions.create({
        plan_id: await world.id('plan'),
        total_count: 6,
        offer_id: await world.id('offer'),
      } as never),
    ),
  activeSubscription: (world) => subscribed(world, {}, 'active'),
  /** Authorized, starting a week later: the only state whose start_at can still change. */
  authenticatedSubscription: (world) =>
    subscribed(world, { start_at: world.now() + 7 * DAY }, 'authenticated'),
  pausedSubscription: async (world) => {
    const active = await subscribed(world, {}, 'active');
    return asEntity(
      await world.rzp.subscriptions.pause(active['id'] as string, { pause_at: 'now' }),
    );
  },
  subscriptionWithScheduledChange: async (world) => {
    const active = await subscribed(world, {}, 'active');
    return asEntity(
      await world.rzp.subscriptions.update(active['id'] as string, {
        quantity: 2,
        schedule_change_at: 'cycle_end',
      }),
    );
  },
  addon: async (world) =>
    asEntity(
      await world.rzp.subscriptions.createAddon(await world.id('subscription'), {
        item: { name: 'Delivery', amount: 30000, currency: 'INR' },
        quantity: 1,
      }),
    ),
  draftInvoice: async (world) =>
    asEntity(
      await world.rzp.invoices.create({
        type: 'invoice',
        draft: '1',
        customer_id: await world.id('customer'),
        line_items: [
          { name: 'Book / English August', amount: 20000, currency: 'INR', quantity: 1 },
        ],
      } as never),
    ),
  issuedInvoice: async (world) =>
    asEntity(
      await world.rzp.invoices.create({
        type: 'invoice',
        customer_id: await world.id('customer'),
        line_items: [
          { name: 'Book / English August', amount: 20000, currency: 'INR', quantity: 1 },
        ],
      } as never),
    ),
  order: async (world) =>
    asEntity(await world.rzp.orders.create({ amount: 50000, currency: 'INR', notes: {} })),
  /** Authorized for 1000, the amount the documents capture. */
  authorizedPayment: (world) => authorized(world, 1000),
  capturedPayment: (world) => captured(world, 50000),
  upiPayment: (world) =>
    captured(world, 20000, { method: 'upi', card: undefined, vpa: 'success@razorpay' }),
  refund: async (world) =>
    asEntity(
      await world.rzp.payments.refund(await world.id('capturedPayment'), {
        amount: 100,
        notes: { reason: 'damaged' },
      }),
    ),
  qrCode: async (world) =>
    asEntity(
      await world.rzp.qrCode.create({
        type: 'upi_qr',
        name: 'Store_1',
        usage: 'multiple_use',
        fixed_amount: false,
        customer_id: await world.id('customer'),
      } as never),
    ),
  /** A single-use code paid by a UPI app; `payment_id` is its payment. */
  paidQrCode: async (world) => {
    const code = asEntity(
      await world.rzp.qrCode.create({
        type: 'upi_qr',
        name: 'Store_1',
        usage: 'single_use',
        fixed_amount: true,
        payment_amount: 300,
        customer_id: await world.id('customer'),
      } as never),
    );
    const paymentId = await checkout(world, {
      qr_code_id: code['id'],
      method: 'upi',
      vpa: 'success@razorpay',
    });
    return {
      ...asEntity(await world.rzp.qrCode.fetch(code['id'] as string)),
      payment_id: paymentId,
    };
  },
  dispute: async (world) => {
    const payment = await captured(world, 20000);
    const raised = await call(world.key, 'POST', '/v1/simulator/disputes', {
      payment_id: payment['id'],
    });
    if (raised.status !== 200) throw new Error(`no dispute: ${JSON.stringify(raised.body)}`);
    return raised.body;
  },
  /** Raised by the bank of the dispute test card once captured. */
  bankDispute: async (world) => {
    const payment = await captured(world, 20000, { card: DISPUTE_CARD });
    return until(
      async () =>
        (await world.rzp.disputes.all()).items.find((d) => d.payment_id === payment['id']) as
          Entity | undefined,
      'the dispute test card’s dispute',
    );
  },
  document: async (world) =>
    asEntity(
      await world.rzp.documents.create({
        file: {
          value: fileStream('evidence.pdf') as never,
          options: { filename: 'evidence.pdf', contentType: 'application/pdf' },
        },
        purpose: 'dispute_evidence',
      }),
    ),
  otherDocument: async (world) =>
    asEntity(
      await world.rzp.documents.create({
        file: {
          value: fileStream('delivery.pdf') as never,
          options: { filename: 'delivery.pdf', contentType: 'application/pdf' },
        },
        purpose: 'dispute_evidence',
      }),
    ),
  /** A processed settlement of a captured payment, past its T+2; `year`, `month`, `day` are its date. */
  settlement: async (world) => {
    await captured(world, 50000);
    await world.advanceClock(3 * DAY);
    const settlement = await until(
      async () =>
        (await world.rzp.settlements.all()).items.find((s) => s.status === 'processed') as
          Entity | undefined,
      'a processed settlement',
    );
    const date = new Date((settlement['created_at'] as number) * 1000);
    return {
      ...settlement,
      year: date.getUTCFullYear(),
      month: date.getUTCMonth() + 1,
      day: date.getUTCDate(),
    };
  },
  ondemandSettlement: async (world) => {
    await captured(world, 50000);
    return asEntity(
      await world.rzp.settlements.createOndemandSettlement({
        amount: 1221,
        description: 'Testing',
      } as never),
    );
  },
  webhook: async (world) =>
    asEntity(
      await world.rzp.webhooks.create({
        url: 'https://example.com/razorpay/webhooks',
        alert_email: CUSTOMER.email,
        secret: '12345',
        events: ['payment.captured'],
      } as never),
    ),
  accountWebhook: async (world) =>
    asEntity(
      await world.rzp.webhooks.create(
        {
          url: 'https://example.com/razorpay/webhooks',
          alert_email: CUSTOMER.email,
          secret: '12345',
          events: ['payment.captured'],
        } as never,
        world.account.accountId,
      ),
    ),
};
