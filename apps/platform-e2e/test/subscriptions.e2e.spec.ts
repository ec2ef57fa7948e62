import { DAY, NOT_FOUND, validatePaymentVerification, VISA } from './support/fixtures';
import { adminCall, call, newAccount, platform, rejection, sdk, until } from './support/platform';
import type { KeyPair, PlatformAccount } from './support/platform';

type Subscription = Record<string, unknown> & {
  id: string;
  status: string;
  paid_count: number;
  charge_at: number | null;
};

/** The account's test clock: advances it to just past `to` (unix seconds), returning the account's new now. */
async function advanceTo(key: KeyPair, clock: { now: number }, to: number): Promise<void> {
  const seconds = Math.max(1, to - clock.now + 60);
  const { status, body } = await call(key, 'POST', '/v1/simulator/clock/advance', { seconds });
  if (status !== 200) throw new Error(`clock not advanced: ${JSON.stringify(body)}`);
  clock.now += seconds;
}

/** An account of its own, so that advancing its test clock moves no other test; `clock.now` is its now. */
async function accountOnItsOwnClock(name: string) {
  const account = await newAccount(name);
  const key = account.test;
  return { account, key, rzp: sdk(key), clock: { now: Math.floor(Date.now() / 1000) } };
}

/** A plan charging `amount` paise for an item called `name` once every `period`. */
const everyPeriod = (
  rzp: ReturnType<typeof sdk>,
  period: 'weekly' | 'monthly',
  name: string,
  amount: number,
) => rzp.plans.create({ period, interval: 1, item: { name, amount, currency: 'INR' } });

describe('Subscriptions through the gateway with the official SDK, charged through payments', () => {
  let merchant: PlatformAccount;
  beforeAll(async () => (merchant = await newAccount('Subscriptions E2E')));

  const fetchUntil = (key: KeyPair, id: string, what: string, test: (s: Subscription) => boolean) =>
    until(
      async () => {
        const s = (await sdk(key).subscriptions.fetch(id)) as unknown as Subscription;
        return test(s) ? s : null;
      },
      what,
      45_000,
    );

  /** The simulator pays the authorization once payments has heard of the subscription (billing's event over Kafka). */
  const authorize = (key: KeyPair, subscriptionId: string, extra: Record<string, unknown> = {}) =>
    until(async () => {
      const answer = await call(key, 'POST', '/v1/simulator/payments', {
        subscription_id: subscriptionId,
        method: 'card',
        card: VISA,
        email: 'gaurav.kumar@example.com',
        ...extra,
      });
      return String(
        (answer.body['error'] as { description?: string } | undefined)?.description ?? '',
      ).includes('does not exist')
        ? null
        : answer;
    }, `payments to know ${subscriptionId}`);

  it('runs a 12-cycle monthly subscription on the test clock: authorization, charges, a failed cycle retried, pause and resume, a plan change at cycle end, completion', async () => {
    const { key, rzp, clock } = await accountOnItsOwnClock('Subscriptions E2E twelve cycles');
    const silver = await everyPeriod(rzp, 'monthly', 'Silver', 49900);
    const gold = await everyPeriod(rzp, 'monthly', 'Gold', 79900);
    const created = (await rzp.subscriptions.create({
      plan_id: silver.id,
      total_count: 12,
      quantity: 1,
      customer_notify: 1,
      addons: [{ item: { name: 'Setup fee', amount: 10000, currency: 'INR' } }],
      notes: { ref: 'T-12' },
    })) as unknown as Subscription;
    expect(created).toMatchObject({
      entity: 'subscription',
      status: 'created',
      plan_id: silver.id,
      total_count: 12,
      paid_count: 0,
      remaining_count: 12,
      customer_id: null,
      short_url: expect.stringContaining(`/s/${created.id}`),
      notes: { ref: 'T-12' },
    });

    // Its short_url is a public page showing what the customer signs up for.
    const page = await fetch(created['short_url'] as string);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('₹499.00');

    // The first invoice is the authorization: plan + upfront add-on.
    const [first] = (await rzp.invoices.all({ subscription_id: created.id } as never)).items;
    expect(first).toMatchObject({
      subscription_id: created.id,
      status: 'issued',
      amount: 59900,
      line_items: [
        expect.objectContaining({ type: 'plan', name: 'Silver', amount: 49900 }),
        expect.objectContaining({ type: 'addon', name: 'Setup fee', amount: 10000 }),
      ],
    });

    const authorized = await authorize(key, created.id);
    expect(authorized.status).toBe(200);
    const answer = authorized.body as Record<string, string>;
    expect(answer).toMatchObject({
      razorpay_subscription_id: created.id,
      razorpay_payment_id: expect.stringMatching(/^pay_/),
    });
    expect(
      validatePaymentVerification(
        { subscription_id: created.id, payment_id: answer['razorpay_payment_id'] },
        answer['razorpay_signature'],
        key.secret,
      ),
    ).toBe(true);
    let sub = await fetchUntil(key, created.id, 'activation', (s) => s.status === 'active');
    expect(sub).toMatchObject({
      paid_count: 1,
      remaining_count: 11,
      payment_method: 'card',
      current_start: expect.any(Number),
      current_end: expect.any(Number),
    });
    expect(sub.charge_at).toBe(sub['current_end']);
    expect(await rzp.invoices.fetch(first.id)).toMatchObject({
      status: 'paid',
      payment_id: answer['razorpay_payment_id'],
    });
    // A second authorization is refused.
    expect(
      await call(key, 'POST', '/v1/simulator/payments', {
        subscription_id: created.id,
        method: 'card',
        card: VISA,
      }),
    ).toMatchObject({
      status: 400,
      body: { error: { description: 'The subscription is already authorized.' } },
    });

    const charged = async (count: number, what: string) =>
      (sub = await fetchUntil(
        key,
        created.id,
        what,
        (s) => s.paid_count === count && s.status === 'active',
      ));

    for (let cycle = 2; cycle <= 12; cycle++) {
      if (cycle === 3) {
        // The bank declines this cycle's first charge: pending, retried a day later, active again.
        expect(
          await call(key, 'POST', `/v1/simulator/subscriptions/${created.id}/decline_charges`, {
            count: 1,
          }),
        ).toMatchObject({ status: 200 });
        await advanceTo(key, clock, sub.charge_at as number);
        const pending = await fetchUntil(
          key,
          created.id,
          'the failed charge',
          (s) => s.status === 'pending',
        );
        expect(pending).toMatchObject({ paid_count: 2, remaining_count: 9 });
        await advanceTo(key, clock, clock.now + DAY);
        await charged(3, 'the retried charge');
        continue;
      }
      if (cycle === 4) {
        // Add-ons go on the next cycle's invoice; one deleted before that is not billed.
        const addon = await rzp.subscriptions.createAddon(created.id, {
          item: { name: 'Extra storage', amount: 15000, currency: 'INR' },
          quantity: 1,
        } as never);
        expect(addon).toMatchObject({
          entity: 'addon',
          subscription_id: created.id,
          invoice_id: null,
          quantity: 1,
          item: { name: 'Extra storage', amount: 15000, type: 'addon' },
        });
        const dropped = await rzp.subscriptions.createAddon(created.id, {
          item: { name: 'Dropped', amount: 20000, currency: 'INR' },
        } as never);
        expect(await rzp.addons.delete(dropped.id)).toEqual([]);
        expect(await rejection(rzp.addons.fetch(dropped.id))).toEqual(NOT_FOUND);
        await advanceTo(key, clock, sub.charge_at as number);
        await charged(4, 'cycle 4 with its add-on');
        const billed = await rzp.addons.fetch(addon.id);
        expect(billed.invoice_id).toEqual(expect.stringMatching(/^inv_/));
        expect(await rzp.invoices.fetch(billed.invoice_id as string)).toMatchObject({
          amount: 64900,
          status: 'paid',
          line_items: [
            expect.objectContaining({ type: 'plan' }),
            expect.objectContaining({ type: 'addon', name: 'Extra storage' }),
          ],
        });
        expect(await rejection(rzp.addons.delete(addon.id))).toMatchObject({
          statusCode: 400,
          error: { description: 'The add-on is on an invoice already and cannot be deleted.' },
        });
        expect((await rzp.addons.all({ count: 100 } as never)).items.map((a) => a.id)).toEqual([
          addon.id,
        ]);
        continue;
      }
      if (cycle === 5) {
        expect(await rzp.subscriptions.pause(created.id, { pause_at: 'now' })).toMatchObject({
          status: 'paused',
          charge_at: null,
          pause_initiated_by: 'self',
        });
        expect(
          await rejection(rzp.subscriptions.pause(created.id, { pause_at: 'now' })),
        ).toMatchObject({
          statusCode: 400,
          error: { description: 'Only an active subscription can be paused.' },
        });
        sub = (await rzp.subscriptions.resume(created.id, {
          resume_at: 'now',
        })) as unknown as Subscription;
        expect(sub).toMatchObject({
          status: 'active',
          paused_at: null,
          charge_at: sub['current_end'],
        });
      }
      if (cycle === 7) {
        const scheduled = await rzp.subscriptions.update(created.id, {
          plan_id: gold.id,
          schedule_change_at: 'cycle_end',
        } as never);
        expect(scheduled).toMatchObject({
          plan_id: silver.id,
          has_scheduled_changes: true,
          change_scheduled_at: sub['current_end'],
        });
        expect(await rzp.subscriptions.pendingUpdate(created.id)).toMatchObject({
          plan_id: gold.id,
          has_scheduled_changes: false,
        });
      }
      await advanceTo(key, clock, sub.charge_at as number);
      // The last cycle's charge completes the subscription.
      if (cycle === 12)
        sub = await fetchUntil(key, created.id, 'the last charge', (s) => s.paid_count === 12);
      else await charged(cycle, `cycle ${cycle}`);
      if (cycle === 7)
        expect(sub).toMatchObject({ plan_id: gold.id, has_scheduled_changes: false });
    }

    expect(sub).toMatchObject({
      status: 'completed',
      paid_count: 12,
      remaining_count: 0,
      charge_at: null,
      ended_at: expect.any(Number),
    });

    // Every invoice paid, each by a captured payment of its amount; the plan change priced cycles 7-12.
    const invoices = (await rzp.invoices.all({ subscription_id: created.id, count: 100 } as never))
      .items;
    expect(invoices).toHaveLength(12);
    expect(invoices.every((invoice) => invoice.status === 'paid')).toBe(true);
    expect(invoices.map((invoice) => invoice.amount).sort()).toEqual(
      [59900, ...Array(4).fill(49900), 64900, ...Array(6).fill(79900)].sort(),
    );
    for (const invoice of invoices) {
      const payment = await rzp.payments.fetch(invoice.payment_id as string);
      expect(payment).toMatchObject({
        status: 'captured',
        amount: invoice.amount,
        invoice_id: invoice.id,
        order_id: invoice.order_id,
      });
    }
  }, 240_000);

  it('authorizes a subscription starting later with a token payment refunded at once, and charges its first cycle at start_at', async () => {
    const { key, rzp, clock } = await accountOnItsOwnClock('Subscriptions E2E start later');
    const plan = await everyPeriod(rzp, 'weekly', 'Weekly box', 29900);
    const startAt = clock.now + 3 * DAY;
    const created = (await rzp.subscriptions.create({
      plan_id: plan.id,
      total_count: 4,
      quantity: 2,
      start_at: startAt,
    })) as unknown as Subscription;
    expect(created).toMatchObject({ status: 'created', start_at: startAt, charge_at: startAt });
    expect((await rzp.invoices.all({ subscription_id: created.id } as never)).items).toEqual([]);
    const authorized = await authorize(key, created.id);
    expect(authorized).toMatchObject({ status: 200, body: { payment: { amount: 100 } } });
    const paymentId = (authorized.body as Record<string, string>)['razorpay_payment_id'];
    expect(await rzp.payments.fetch(paymentId)).toMatchObject({
      amount_refunded: 100,
      refund_status: 'full',
    });
    await fetchUntil(key, created.id, 'authentication', (s) => s.status === 'authenticated');
    await advanceTo(key, clock, startAt);
    const active = await fetchUntil(
      key,
      created.id,
      'the first charge',
      (s) => s.status === 'active',
    );
    expect(active).toMatchObject({
      paid_count: 1,
      remaining_count: 3,
      current_start: startAt,
      current_end: startAt + 7 * DAY,
    });
    expect((await rzp.invoices.all({ subscription_id: created.id } as never)).items).toEqual([
      expect.objectContaining({
        status: 'paid',
        amount: 59800,
        billing_start: startAt,
        billing_end: startAt + 7 * DAY,
      }),
    ]);
    // Razorpay's documented update, customer_notify included: the next cycles bill 3 boxes.
    expect(
      await rzp.subscriptions.update(created.id, {
        quantity: 3,
        schedule_change_at: 'now',
        customer_notify: true,
      }),
    ).toMatchObject({ id: created.id, status: 'active', quantity: 3, customer_notify: true });
  }, 120_000);

  it('authorizes a subscription starting later by paying its upfront add-ons once (20 attempts at once), names the payer its customer, and charges cycle 1 at start_at', async () => {
    const { key, rzp, clock } = await accountOnItsOwnClock('Subscriptions E2E add-ons first');
    const plan = await everyPeriod(rzp, 'monthly', 'Tea', 49900);
    const startAt = clock.now + DAY;
    // Razorpay's documented create: start_at and upfront add-ons together.
    const created = (await rzp.subscriptions.create({
      plan_id: plan.id,
      total_count: 6,
      quantity: 1,
      customer_notify: true,
      start_at: startAt,
      expire_by: clock.now + 3 * DAY,
      addons: [{ item: { name: 'Delivery charges', amount: 30000, currency: 'INR' } }],
      notes: { notes_key_1: 'Tea, Earl Grey, Hot' },
    })) as unknown as Subscription;
    expect(created).toMatchObject({ status: 'created', charge_at: startAt, customer_id: null });
    const [addons] = (await rzp.invoices.all({ subscription_id: created.id } as never)).items;
    expect(addons).toMatchObject({ status: 'issued', amount: 30000, customer_id: null });
    expect(addons.line_items).toEqual([
      expect.objectContaining({ type: 'addon', name: 'Delivery charges', amount: 30000 }),
    ]);

    const attempts = await Promise.all(
      Array.from({ length: 20 }, () =>
        call(key, 'POST', '/v1/simulator/payments', {
          subscription_id: created.id,
          method: 'card',
          card: VISA,
          email: 'asha.rao@example.com',
          contact: '9123456780',
        }),
      ),
    );
    const paid = attempts.filter((answer) => answer.status === 200);
    expect(paid).toHaveLength(1);
    expect(attempts.filter((answer) => answer.status !== 200).map((a) => a.status)).toEqual(
      Array(19).fill(400),
    );
    const paymentId = (paid[0].body as Record<string, string>)['razorpay_payment_id'];
    // The add-ons are paid and kept: no refund, unlike a token payment.
    expect(await rzp.payments.fetch(paymentId)).toMatchObject({
      amount: 30000,
      status: 'captured',
      order_id: addons.order_id,
      amount_refunded: 0,
    });
    const captured = (await rzp.orders.fetchPayments(addons.order_id as string)).items.filter(
      (payment) => payment.status === 'captured',
    );
    expect(captured).toHaveLength(1);

    const authenticated = await fetchUntil(
      key,
      created.id,
      'authentication',
      (s) => s.status === 'authenticated' && s['customer_id'] !== null,
    );
    const customerId = authenticated['customer_id'] as string;
    expect(authenticated).toMatchObject({ paid_count: 0, charge_at: startAt });
    expect(await rzp.customers.fetch(customerId)).toMatchObject({
      email: 'asha.rao@example.com',
      contact: '9123456780',
    });
    expect(await rzp.invoices.fetch(addons.id)).toMatchObject({
      status: 'paid',
      customer_id: customerId,
      customer_details: expect.objectContaining({ id: customerId }),
    });

    await advanceTo(key, clock, startAt);
    const active = await fetchUntil(key, created.id, 'cycle 1', (s) => s.status === 'active');
    expect(active).toMatchObject({ paid_count: 1, current_start: startAt, remaining_count: 5 });
    const invoices = (await rzp.invoices.all({ subscription_id: created.id } as never)).items;
    expect(invoices).toEqual([
      expect.objectContaining({ status: 'paid', amount: 49900, customer_id: customerId }),
      expect.objectContaining({ id: addons.id, amount: 30000, customer_id: customerId }),
    ]);

    // The update's documented fields the SDK's type allows besides: total_count and notes.
    expect(
      await rzp.subscriptions.update(created.id, {
        total_count: 8,
        notes: { notes_key_1: 'Tea, Masala' },
      } as never),
    ).toMatchObject({ total_count: 8, remaining_count: 7, notes: { notes_key_1: 'Tea, Masala' } });
    expect(
      await rejection(rzp.subscriptions.update(created.id, { expire_by: clock.now + DAY })),
    ).toMatchObject({
      error: {
        field: 'expire_by',
        description: expect.stringContaining('deadline for authorizing'),
      },
    });
  }, 120_000);

  it('discounts the first cycles with an offer made through the admin API, and stops when the offer is removed', async () => {
    const { account, key, rzp, clock } = await accountOnItsOwnClock('Subscriptions E2E offers');
    const admin = (method: 'GET' | 'POST', path: string, body?: unknown) =>
      adminCall(method, `/accounts/${account.accountId}${path}`, body);
    const made = await admin('POST', '/offers', {
      mode: 'test',
      name: 'Launch 20%',
      discount_type: 'percent',
      discount_percent: 20,
      cycles: 2,
    });
    expect(made).toMatchObject({
      status: 200,
      body: {
        entity: 'offer',
        id: expect.stringMatching(/^offer_/),
        discount_type: 'percent',
        discount_percent: 20,
        cycles: 2,
        active: true,
      },
    });
    const offerId = made.body['id'] as string;
    expect((await admin('GET', `/offers?mode=test`)).body).toMatchObject({
      entity: 'collection',
      items: [expect.objectContaining({ id: offerId })],
    });
    expect(await admin('GET', `/offers/${offerId}?mode=live`)).toMatchObject({
      status: 400,
      body: { error: { description: 'The id provided does not exist' } },
    });
    expect(
      await admin('POST', '/offers', {
        mode: 'staging',
        name: 'x',
        discount_type: 'flat',
        discount_amount: 100,
      }),
    ).toMatchObject({ status: 400, body: { error: { field: 'mode' } } });
    expect(
      await admin('POST', '/offers', { mode: 'test', name: 'x', discount_type: 'percent' }),
    ).toMatchObject({ status: 400, body: { error: { field: 'discount_percent' } } });
    const stale = await admin('POST', '/offers', {
      mode: 'test',
      name: 'Old',
      discount_type: 'flat',
      discount_amount: 1000,
    });
    expect(
      await admin('POST', `/offers/${stale.body['id'] as string}/deactivate`, { mode: 'test' }),
    ).toMatchObject({ status: 200, body: { active: false } });

    const plan = await everyPeriod(rzp, 'monthly', 'Silver', 49900);
    expect(
      await rejection(
        rzp.subscriptions.create({
          plan_id: plan.id,
          total_count: 3,
          offer_id: stale.body['id'],
        } as never),
      ),
    ).toMatchObject({
      statusCode: 400,
      error: { description: 'The offer is inactive.', field: 'offer_id' },
    });
    expect(
      await rejection(
        sdk(merchant.test).subscriptions.create({
          plan_id: plan.id,
          total_count: 3,
          offer_id: offerId,
        } as never),
      ),
    ).toMatchObject({ statusCode: 400, error: { field: 'plan_id' } });
    const created = (await rzp.subscriptions.create({
      plan_id: plan.id,
      total_count: 3,
      offer_id: offerId,
    } as never)) as unknown as Subscription;
    expect(created).toMatchObject({ offer_id: offerId });
    const invoiceAmounts = async () =>
      (await rzp.invoices.all({ subscription_id: created.id } as never)).items
        .map((invoice) => invoice.amount)
        .reverse();
    const [first] = (await rzp.invoices.all({ subscription_id: created.id } as never)).items;
    expect(first).toMatchObject({
      amount: 39920,
      line_items: [
        expect.objectContaining({ type: 'plan', amount: 49900 }),
        expect.objectContaining({
          type: 'discount',
          name: 'Launch 20%',
          amount: -9980,
          net_amount: -9980,
        }),
      ],
    });
    expect((await authorize(key, created.id)).status).toBe(200);
    let sub = await fetchUntil(key, created.id, 'activation', (s) => s.status === 'active');
    await advanceTo(key, clock, sub.charge_at as number);
    sub = await fetchUntil(key, created.id, 'cycle 2', (s) => s.paid_count === 2);
    expect(await invoiceAmounts()).toEqual([39920, 39920]);
    expect(await rzp.subscriptions.deleteOffer(created.id, offerId)).toMatchObject({
      offer_id: null,
    });
    await advanceTo(key, clock, sub.charge_at as number);
    await fetchUntil(key, created.id, 'completion', (s) => s.status === 'completed');
    expect(await invoiceAmounts()).toEqual([39920, 39920, 49900]);
  }, 120_000);

  it('halts after a charge and its three retries fail, invoices the next cycle without charging it, and recovers when the customer pays it', async () => {
    const { key, rzp, clock } = await accountOnItsOwnClock('Subscriptions E2E halted');
    const plan = await everyPeriod(rzp, 'weekly', 'Weekly', 10000);
    const created = (await rzp.subscriptions.create({
      plan_id: plan.id,
      total_count: 5,
    })) as unknown as Subscription;
    expect((await authorize(key, created.id)).status).toBe(200);
    let sub = await fetchUntil(key, created.id, 'activation', (s) => s.status === 'active');
    expect(
      await call(key, 'POST', `/v1/simulator/subscriptions/${created.id}/decline_charges`, {
        count: 4,
      }),
    ).toMatchObject({ status: 200, body: { declines_remaining: 4 } });
    const failures = (count: number) =>
      until(
        async () =>
          (await rzp.payments.all({ count: 100 } as never)).items.filter(
            (p) => p.status === 'failed',
          ).length === count,
        `${count} declined charges`,
      );
    await advanceTo(key, clock, sub.charge_at as number);
    await fetchUntil(key, created.id, 'the first failure', (s) => s.status === 'pending');
    await failures(1);
    // Retries 1, 2 and 3 days after each failure (1, 3 and 6 days after the first): all declined.
    for (const [i, days] of [1, 2, 3].entries()) {
      await advanceTo(key, clock, clock.now + days * DAY);
      await failures(i + 2);
    }
    sub = await fetchUntil(key, created.id, 'halting', (s) => s.status === 'halted');
    expect(sub).toMatchObject({ paid_count: 1, remaining_count: 3 });

    // Halted: the next cycle is invoiced but not charged; the customer pays it and the subscription is active again.
    await advanceTo(key, clock, sub.charge_at as number);
    const third = await until(
      async () =>
        (await rzp.invoices.all({ subscription_id: created.id } as never)).items.find(
          (invoice) => invoice.status === 'issued' && invoice.billing_start === sub.charge_at,
        ),
      'the third cycle invoice',
    );
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(await rzp.invoices.fetch(third.id)).toMatchObject({ status: 'issued', amount_paid: 0 });
    expect(
      (
        await call(key, 'POST', '/v1/simulator/payments', {
          invoice_id: third.id,
          method: 'upi',
          vpa: 'success@razorpay',
        })
      ).status,
    ).toBe(200);
    sub = await fetchUntil(key, created.id, 'recovery', (s) => s.status === 'active');
    expect(sub).toMatchObject({ paid_count: 2, remaining_count: 2 });
  }, 120_000);

  it('refuses every illegal transition, keeps subscriptions to their account and mode, and refuses bad input', async () => {
    const rzp = sdk(merchant.test);
    const plan = await everyPeriod(rzp, 'monthly', 'Basic', 9900);
    const sub = (await rzp.subscriptions.create({
      plan_id: plan.id,
      total_count: 6,
      notify_info: { notify_email: 'a@example.com' },
      expire_by: Math.floor(Date.now() / 1000) + 3600,
    } as never)) as unknown as Subscription;
    expect(await rejection(rzp.subscriptions.pause(sub.id))).toMatchObject({
      statusCode: 400,
      error: { description: 'Only an active subscription can be paused.' },
    });
    expect(await rejection(rzp.subscriptions.resume(sub.id))).toMatchObject({
      statusCode: 400,
      error: { description: 'Only a paused subscription can be resumed.' },
    });
    expect(await rejection(rzp.subscriptions.cancelScheduledChanges(sub.id))).toMatchObject({
      statusCode: 400,
      error: { description: 'The subscription has no scheduled changes.' },
    });
    expect(await rejection(rzp.subscriptions.update(sub.id, { quantity: 2 }))).toMatchObject({
      statusCode: 400,
      error: { description: 'Only an authenticated or active subscription can be updated.' },
    });
    expect(
      await rejection(rzp.subscriptions.deleteOffer(sub.id, 'offer_00000000000000')),
    ).toMatchObject({ statusCode: 400, error: { field: 'offer_id' } });
    expect(await rzp.subscriptions.cancel(sub.id)).toMatchObject({
      status: 'cancelled',
      ended_at: expect.any(Number),
    });
    expect(await rejection(rzp.subscriptions.cancel(sub.id))).toMatchObject({
      statusCode: 400,
      error: { description: 'The subscription is already cancelled.' },
    });
    expect(
      (await rzp.subscriptions.all({ plan_id: plan.id } as never)).items.map((s) => s.id),
    ).toEqual([sub.id]);
    expect(await rejection(sdk(merchant.live).subscriptions.fetch(sub.id))).toEqual(NOT_FOUND);
    expect(await rejection(sdk(platform.account.test).subscriptions.cancel(sub.id))).toEqual(
      NOT_FOUND,
    );
    for (const [body, field] of [
      [{ total_count: 6 }, 'plan_id'],
      [{ plan_id: 'plan_00000000000000', total_count: 6 }, 'plan_id'],
      [{ plan_id: plan.id }, 'total_count'],
      [{ plan_id: plan.id, total_count: 0 }, 'total_count'],
      [{ plan_id: plan.id, total_count: 6, quantity: 0 }, 'quantity'],
      [{ plan_id: plan.id, total_count: 6, start_at: 1000 }, 'start_at'],
      [
        { plan_id: plan.id, total_count: 6, addons: [{ item: { name: 'x', amount: 50 } }] },
        'addons.0.item.amount',
      ],
      [{ plan_id: plan.id, total_count: 6, offer_id: 'offer_00000000000000' }, 'offer_id'],
      [{ plan_id: plan.id, total_count: 6, colour: 'red' }, 'colour'],
    ] as const) {
      expect(await call(merchant.test, 'POST', '/v1/subscriptions', body)).toMatchObject({
        status: 400,
        body: { error: { field } },
      });
    }
  });
});
