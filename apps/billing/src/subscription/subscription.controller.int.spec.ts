import { startBilling } from '../../test/billing.kit';
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { advanceTestClock, refusal } from '@platform/service-testing';
import type { CallOptions, ServiceUnderTest, TestCaller } from '@platform/service-testing';
import { waitFor } from '@platform/testing-core';

let accounts = 0;
const newAccount = (mode: 'test' | 'live' = 'test'): TestCaller => ({
  accountId: `acc_Sub${String(++accounts).padStart(3, '0')}${randomUUID().replace(/-/g, '').slice(0, 8)}`,
  mode,
});
const MISSING = { status: 400, body: refusal('The id provided does not exist') };
const now = () => Math.floor(Date.now() / 1000);

describe('Subscriptions API (billing)', () => {
  let billing: ServiceUnderTest;
  const call = (caller: TestCaller, options: Omit<CallOptions, 'caller'>) =>
    billing.call({ ...options, caller });
  const post = (caller: TestCaller, url: string, body: unknown = {}) =>
    call(caller, { method: 'POST', url, body });
  const get = (caller: TestCaller, url: string) => call(caller, { method: 'GET', url });
  const patch = (caller: TestCaller, url: string, body: unknown) =>
    call(caller, { method: 'PATCH', url, body });
  const plan = async (caller: TestCaller, item: Record<string, unknown> = {}) => {
    const { status, body } = await post(caller, '/v1/plans', {
      period: 'monthly',
      interval: 1,
      item: { name: 'Gold', amount: 49900, currency: 'INR', ...item },
    });
    if (status !== 200) throw new Error(JSON.stringify(body));
    return body['id'] as string;
  };
  const subscription = async (caller: TestCaller, body: Record<string, unknown>) => {
    const { status, body: created } = await post(caller, '/v1/subscriptions', {
      total_count: 6,
      ...body,
    });
    if (status !== 200) throw new Error(JSON.stringify(created));
    return created;
  };

  beforeAll(async () => {
    billing = await startBilling(undefined, { PUBLIC_BASE_URL: 'https://pay.example.com' });
  });

  afterAll(async () => {
    await billing.close();
  });

  it('creates a subscription without start_at, issuing its first invoice (plan × quantity plus upfront add-ons)', async () => {
    const caller = newAccount();
    const planId = await plan(caller);
    const created = await subscription(caller, {
      plan_id: planId,
      total_count: 12,
      quantity: 2,
      notes: { tier: 'gold' },
      addons: [
        { item: { name: 'Setup fee', amount: 30000, currency: 'INR' } },
        { item: { name: 'Welcome kit', amount: 5000 }, quantity: 3 },
      ],
    });
    const id = created['id'] as string;
    expect(id).toMatch(/^sub_[0-9A-Za-z]{14}$/);
    expect(created).toMatchObject({
      entity: 'subscription',
      status: 'created',
      plan_id: planId,
      total_count: 12,
      quantity: 2,
      remaining_count: 12,
      paid_count: 0,
      auth_attempts: 0,
      customer_id: null,
      short_url: `https://pay.example.com/s/${id}`,
      notes: { tier: 'gold' },
      charge_at: null,
      start_at: null,
      end_at: null,
      current_start: null,
      current_end: null,
      ended_at: null,
      expire_by: null,
      customer_notify: true,
      has_scheduled_changes: false,
      offer_id: null,
      payment_method: null,
      paused_at: null,
      created_at: expect.any(Number),
    });
    const invoices = (await get(caller, `/v1/invoices?subscription_id=${id}`)).body[
      'items'
    ] as Record<string, unknown>[];
    expect(invoices).toHaveLength(1);
    // 2 × 49900 + 30000 + 3 × 5000 = 144800
    expect(invoices[0]).toMatchObject({
      subscription_id: id,
      status: 'issued',
      amount: 144800,
      amount_due: 144800,
      currency: 'INR',
      order_id: expect.stringMatching(/^order_[0-9A-Za-z]{14}$/),
    });
    expect(invoices[0]['line_items']).toEqual([
      expect.objectContaining({ type: 'plan', name: 'Gold', amount: 49900, quantity: 2 }),
      expect.objectContaining({ type: 'addon', name: 'Setup fee', amount: 30000, quantity: 1 }),
      expect.objectContaining({ type: 'addon', name: 'Welcome kit', amount: 5000, quantity: 3 }),
    ]);
    expect(await get(caller, `/v1/subscriptions/${id}`)).toEqual({ status: 200, body: created });
    expect(await get(caller, `/v1/subscriptions/${id}/retrieve_scheduled_changes`)).toEqual({
      status: 200,
      body: created,
    });
  });

  it('shows from creation the end of the last cycle when start_at fixes when the cycles run', async () => {
    const caller = newAccount();
    const created = await subscription(caller, {
      plan_id: await plan(caller),
      total_count: 6,
      start_at: Date.UTC(2100, 0, 31) / 1000,
    });
    // Six monthly cycles from 31 January: the last ends on 31 July.
    expect(created).toMatchObject({
      status: 'created',
      start_at: Date.UTC(2100, 0, 31) / 1000,
      end_at: Date.UTC(2100, 6, 31) / 1000,
    });
  });

  it('creates a subscription with start_at without an invoice, charging at start_at; and a subscription link', async () => {
    const caller = newAccount();
    const planId = await plan(caller);
    const startAt = now() + 7 * 86400;
    const later = await subscription(caller, {
      plan_id: planId,
      start_at: startAt,
      customer_notify: 0,
    });
    expect(later).toMatchObject({
      status: 'created',
      charge_at: startAt,
      start_at: startAt,
      total_count: 6,
      remaining_count: 6,
      quantity: 1,
      customer_notify: false,
      notes: {},
    });
    expect(
      (await get(caller, `/v1/invoices?subscription_id=${later['id'] as string}`)).body,
    ).toEqual({ entity: 'collection', count: 0, items: [] });
    const link = await subscription(caller, {
      plan_id: planId,
      total_count: 3,
      expire_by: now() + 86400,
      notify_info: { notify_phone: '9123456789', notify_email: 'gaurav.kumar@example.com' },
    });
    expect(link).toMatchObject({
      status: 'created',
      total_count: 3,
      expire_by: expect.any(Number),
      short_url: `https://pay.example.com/s/${link['id'] as string}`,
    });
  });

  it('creates a subscription with start_at and upfront add-ons: its authorization pays an invoice of the add-ons only, kept (not refunded)', async () => {
    const caller = newAccount();
    const startAt = now() + 86400;
    const created = await subscription(caller, {
      plan_id: await plan(caller),
      start_at: startAt,
      expire_by: now() + 3 * 86400,
      addons: [
        { item: { name: 'Delivery charges', amount: 30000, currency: 'INR' } },
        { item: { name: 'Box', amount: 2500 }, quantity: 2 },
      ],
    });
    const id = created['id'] as string;
    expect(created).toMatchObject({ status: 'created', charge_at: startAt, start_at: startAt });
    const invoices = (await get(caller, `/v1/invoices?subscription_id=${id}`)).body[
      'items'
    ] as Record<string, unknown>[];
    expect(invoices).toHaveLength(1);
    // 30000 + 2 × 2500: no plan line (cycle 1 is charged at start_at), no billing period.
    expect(invoices[0]).toMatchObject({
      status: 'issued',
      amount: 35000,
      billing_start: null,
      billing_end: null,
    });
    expect(invoices[0]['line_items']).toEqual([
      expect.objectContaining({ type: 'addon', name: 'Delivery charges', amount: 30000 }),
      expect.objectContaining({ type: 'addon', name: 'Box', amount: 2500, quantity: 2 }),
    ]);
    expect(
      (await get(caller, `/internal/subscriptions/${id}/authorization`)).body['authorization'],
    ).toEqual({
      order_id: invoices[0]['order_id'],
      amount: 35000,
      currency: 'INR',
      invoice_id: invoices[0]['id'],
      refund: false,
    });
  });

  it('lists newest first, filtered by plan_id', async () => {
    const caller = newAccount();
    const gold = await plan(caller);
    const silver = await plan(caller, { name: 'Silver', amount: 19900 });
    const a = await subscription(caller, { plan_id: gold });
    const b = await subscription(caller, { plan_id: silver });
    const c = await subscription(caller, { plan_id: gold });
    const ids = async (query: string) =>
      ((await get(caller, `/v1/subscriptions${query}`)).body['items'] as { id: string }[]).map(
        (s) => s.id,
      );
    expect(await ids('')).toEqual([c['id'], b['id'], a['id']]);
    expect(await ids(`?plan_id=${gold}`)).toEqual([c['id'], a['id']]);
    expect(await ids(`?plan_id=${silver}`)).toEqual([b['id']]);
    expect(await ids('?plan_id=plan_00000000000000')).toEqual([]);
    expect(await ids('?count=1&skip=1')).toEqual([b['id']]);
    expect((await get(caller, '/v1/subscriptions')).body).toMatchObject({
      entity: 'collection',
      count: 3,
    });
  });

  it('refuses what a created subscription cannot do, cancels it now, and refuses what a cancelled one cannot do', async () => {
    const caller = newAccount();
    const id = (await subscription(caller, { plan_id: await plan(caller) }))['id'] as string;
    const url = `/v1/subscriptions/${id}`;
    expect(await post(caller, `${url}/pause`)).toEqual({
      status: 400,
      body: refusal('Only an active subscription can be paused.'),
    });
    expect(await post(caller, `${url}/resume`)).toEqual({
      status: 400,
      body: refusal('Only a paused subscription can be resumed.'),
    });
    expect(await patch(caller, url, { quantity: 2 })).toEqual({
      status: 400,
      body: refusal('Only an authenticated or active subscription can be updated.'),
    });
    expect(await post(caller, `${url}/cancel_scheduled_changes`)).toEqual({
      status: 400,
      body: refusal('The subscription has no scheduled changes.'),
    });
    expect(await post(caller, `${url}/cancel`, { cancel_at_cycle_end: 1 })).toEqual({
      status: 400,
      body: refusal('Only an active subscription can be cancelled at the end of its cycle.'),
    });
    expect(await call(caller, { method: 'DELETE', url: `${url}/offer_00000000000000` })).toEqual({
      status: 400,
      body: refusal('The offer is not linked to this subscription.', 'offer_id'),
    });
    expect((await get(caller, url)).body).toMatchObject({
      status: 'created',
      has_scheduled_changes: false,
    });

    const cancelled = await post(caller, `${url}/cancel`);
    expect(cancelled).toEqual({
      status: 200,
      body: expect.objectContaining({
        id,
        status: 'cancelled',
        ended_at: expect.any(Number),
        charge_at: null,
      }),
    });
    expect(Math.abs((cancelled.body['ended_at'] as number) - now())).toBeLessThan(60);
    expect((await get(caller, url)).body).toMatchObject({
      status: 'cancelled',
      ended_at: cancelled.body['ended_at'],
    });
    expect(await post(caller, `${url}/cancel`)).toEqual({
      status: 400,
      body: refusal('The subscription is already cancelled.'),
    });
    // Its authorization invoice is cancelled with it: nobody can pay for a dead subscription.
    expect(
      (
        (await get(caller, `/v1/invoices?subscription_id=${id}`)).body['items'] as {
          status: string;
        }[]
      ).map((invoice) => invoice.status),
    ).toEqual(['cancelled']);
    expect(await post(caller, `${url}/cancel`, { cancel_at_cycle_end: 1 })).toEqual({
      status: 400,
      body: refusal('The subscription is already cancelled.'),
    });
  });

  it('expires a subscription not authorized when expire_by passes on the account clock', async () => {
    const caller = newAccount();
    const expireBy = now() + 3600;
    const id = (await subscription(caller, { plan_id: await plan(caller), expire_by: expireBy }))[
      'id'
    ] as string;
    expect((await get(caller, `/v1/subscriptions/${id}`)).body).toMatchObject({
      status: 'created',
      expire_by: expireBy,
    });
    await advanceTestClock(billing.broker, caller.accountId, 7200);
    await waitFor(
      async () => (await get(caller, `/v1/subscriptions/${id}`)).body['status'] === 'expired',
      'the subscription to expire',
    );
    expect((await get(caller, `/v1/subscriptions/${id}`)).body).toMatchObject({
      status: 'expired',
      ended_at: expect.any(Number),
      charge_at: null,
    });
    expect(await post(caller, `/v1/subscriptions/${id}/cancel`)).toEqual({
      status: 400,
      body: refusal('The subscription is already expired.'),
    });
    expect(
      (
        (await get(caller, `/v1/invoices?subscription_id=${id}`)).body['items'] as {
          status: string;
        }[]
      ).map((invoice) => invoice.status),
    ).toEqual(['cancelled']);
  });

  it('keeps subscriptions to their account and mode', async () => {
    const caller = newAccount();
    const id = (await subscription(caller, { plan_id: await plan(caller) }))['id'] as string;
    for (const other of [newAccount(), { ...caller, mode: 'live' as const }]) {
      expect(await get(other, `/v1/subscriptions/${id}`)).toEqual(MISSING);
      expect(await get(other, `/v1/subscriptions/${id}/retrieve_scheduled_changes`)).toEqual(
        MISSING,
      );
      expect(await post(other, `/v1/subscriptions/${id}/cancel`)).toEqual(MISSING);
      expect(await post(other, `/v1/subscriptions/${id}/pause`)).toEqual(MISSING);
      expect((await get(other, '/v1/subscriptions')).body).toEqual({
        entity: 'collection',
        count: 0,
        items: [],
      });
    }
    // The plan is the account's too.
    const planId = (await get(caller, `/v1/subscriptions/${id}`)).body['plan_id'] as string;
    expect(
      await post(newAccount(), '/v1/subscriptions', { plan_id: planId, total_count: 6 }),
    ).toEqual({ status: 400, body: refusal('The id provided does not exist', 'plan_id') });
    expect((await get(caller, `/v1/subscriptions/${id}`)).body).toMatchObject({
      status: 'created',
    });
  });

  it('answers payments, on its internal API, the authorization subscription.created carries; to the subscription’s account and mode only', async () => {
    const caller = newAccount();
    const planId = await plan(caller);
    const charged = await subscription(caller, { plan_id: planId });
    const [invoice] = (await get(caller, `/v1/invoices?subscription_id=${charged['id']}`)).body[
      'items'
    ] as Record<string, unknown>[];
    expect(await get(caller, `/internal/subscriptions/${charged['id']}/authorization`)).toEqual({
      status: 200,
      body: {
        subscription: charged,
        authorization: {
          order_id: invoice['order_id'],
          amount: 49900,
          currency: 'INR',
          invoice_id: invoice['id'],
          refund: false,
        },
      },
    });
    const token = await subscription(caller, { plan_id: planId, start_at: now() + 7 * 86400 });
    expect(
      (await get(caller, `/internal/subscriptions/${token['id']}/authorization`)).body[
        'authorization'
      ],
    ).toEqual({
      order_id: expect.stringMatching(/^order_/),
      amount: 100,
      currency: 'INR',
      invoice_id: null,
      refund: true,
    });
    for (const other of [newAccount(), { ...caller, mode: 'live' as const }])
      expect(await get(other, `/internal/subscriptions/${charged['id']}/authorization`)).toEqual(
        MISSING,
      );
  });

  describe('bad input', () => {
    let caller: TestCaller;
    let planId: string;
    let subscriptionId: string;

    beforeAll(async () => {
      caller = newAccount();
      planId = await plan(caller);
      subscriptionId = (await subscription(caller, { plan_id: planId }))['id'] as string;
    });

    it.each([
      [{ plan_id: undefined }, 'plan_id', 'The plan_id must be a string.'],
      [{ plan_id: 'plan_00000000000000' }, 'plan_id', 'The id provided does not exist'],
      [{ total_count: 0 }, 'total_count', 'The total_count must be at least 1.'],
      [{ total_count: 1001 }, 'total_count', 'The total_count may not be greater than 1000.'],
      [{ total_count: 'x' }, 'total_count', 'The total_count must be an integer.'],
      [{ total_count: undefined }, 'total_count', 'The total_count must be an integer.'],
      [{ quantity: 0 }, 'quantity', 'The quantity must be at least 1.'],
      [{ start_at: 1000 }, 'start_at', 'The start_at must be in the future.'],
      [{ expire_by: 1000 }, 'expire_by', 'The expire_by must be in the future.'],
      [{ addons: 'many' }, 'addons', 'The addons must be an array of add-on objects.'],
      [
        { addons: [{ item: { name: 'Setup', amount: 99 } }] },
        'addons.0.item.amount',
        'The item.amount must be at least 100.',
      ],
      [
        { addons: [{ item: { name: 'Setup', amount: 1000, currency: 'USD' } }] },
        'addons[0].item.currency',
        'The addons[0] is in USD, not the plan currency INR.',
      ],
      [{ offer_id: 'offer_00000000000000' }, 'offer_id', 'The id provided does not exist'],
      [{ colour: 'green' }, 'colour', 'colour is/are not required and should not be sent'],
    ])('refuses to create %j naming %s', async (body, field, description) => {
      expect(
        await post(caller, '/v1/subscriptions', { plan_id: planId, total_count: 6, ...body }),
      ).toEqual({ status: 400, body: refusal(description, field) });
    });

    it.each([
      [{ quantity: 0 }, 'quantity', 'The quantity must be at least 1.'],
      [{ remaining_count: 0 }, 'remaining_count', 'The remaining_count must be at least 1.'],
      [
        { schedule_change_at: 'later' },
        'schedule_change_at',
        'The schedule_change_at must be now or cycle_end.',
      ],
      [{ plan_id: 'plan_00000000000000' }, 'plan_id', 'The id provided does not exist'],
    ])('refuses to update with %j naming %s', async (body, field, description) => {
      expect(await patch(caller, `/v1/subscriptions/${subscriptionId}`, body)).toEqual({
        status: 400,
        body: refusal(description, field),
      });
    });

    it('refuses a cancel_at_cycle_end or pause_at it does not know', async () => {
      expect(
        await post(caller, `/v1/subscriptions/${subscriptionId}/cancel`, {
          cancel_at_cycle_end: 'maybe',
        }),
      ).toEqual({
        status: 400,
        body: refusal('The cancel_at_cycle_end must be 1 or 0.', 'cancel_at_cycle_end'),
      });
      expect(
        await post(caller, `/v1/subscriptions/${subscriptionId}/pause`, { pause_at: 'tomorrow' }),
      ).toEqual({ status: 400, body: refusal('The pause_at must be now.', 'pause_at') });
      expect((await get(caller, `/v1/subscriptions/${subscriptionId}`)).body).toMatchObject({
        status: 'created',
      });
    });
  });

  describe('add-ons', () => {
    it('adds, lists, fetches and deletes an unbilled add-on, and refuses one on an ended subscription', async () => {
      const caller = newAccount();
      const id = (await subscription(caller, { plan_id: await plan(caller) }))['id'] as string;
      const added = await post(caller, `/v1/subscriptions/${id}/addons`, {
        item: { name: 'Extra storage', amount: 15000, currency: 'INR', description: '50 GB' },
        quantity: 2,
      });
      expect(added).toEqual({
        status: 200,
        body: expect.objectContaining({
          id: expect.stringMatching(/^ao_[0-9A-Za-z]{14}$/),
          entity: 'addon',
          quantity: 2,
          subscription_id: id,
          invoice_id: null,
          created_at: expect.any(Number),
        }),
      });
      expect(added.body['item']).toMatchObject({
        entity: 'item',
        type: 'addon',
        name: 'Extra storage',
        amount: 15000,
        description: '50 GB',
      });
      const addonId = added.body['id'] as string;
      expect((await get(caller, `/v1/addons/${addonId}`)).body).toEqual(added.body);
      expect(
        ((await get(caller, '/v1/addons')).body['items'] as { id: string }[]).map((a) => a.id),
      ).toEqual([addonId]);
      expect(await get(newAccount(), `/v1/addons/${addonId}`)).toEqual(MISSING);
      expect(
        await call({ ...caller, mode: 'live' }, { method: 'DELETE', url: `/v1/addons/${addonId}` }),
      ).toEqual(MISSING);
      expect(await call(caller, { method: 'DELETE', url: `/v1/addons/${addonId}` })).toEqual({
        status: 200,
        body: [] as unknown as Record<string, unknown>,
      });
      expect(await get(caller, `/v1/addons/${addonId}`)).toEqual(MISSING);
      expect(await call(caller, { method: 'DELETE', url: `/v1/addons/${addonId}` })).toEqual(
        MISSING,
      );
      await post(caller, `/v1/subscriptions/${id}/cancel`);
      expect(
        await post(caller, `/v1/subscriptions/${id}/addons`, {
          item: { name: 'Late', amount: 15000, currency: 'INR' },
        }),
      ).toEqual({
        status: 400,
        body: refusal('The subscription is cancelled: it takes no add-ons.'),
      });
      expect(
        await post(caller, '/v1/subscriptions/sub_00000000000000/addons', {
          item: { name: 'X', amount: 15000 },
        }),
      ).toEqual(MISSING);
    });

    it.each([
      [{}, 'item', 'The item must be an object.'],
      [{ item: { amount: 15000 } }, 'item.name', 'The item.name must be a string.'],
      [{ item: { name: 'X', amount: 99 } }, 'item.amount', 'The item.amount must be at least 100.'],
      [
        { item: { name: 'X', amount: 15000, currency: 'USD' } },
        'item.currency',
        'The item.currency must be the plan currency (INR).',
      ],
      [
        { item: { name: 'X', amount: 15000 }, quantity: 0 },
        'quantity',
        'The quantity must be at least 1.',
      ],
      [
        { item: { name: 'X', amount: 15000 }, colour: 'red' },
        'colour',
        'colour is/are not required and should not be sent',
      ],
    ])('refuses the add-on %j naming %s', async (body, field, description) => {
      const caller = newAccount();
      const id = (await subscription(caller, { plan_id: await plan(caller) }))['id'] as string;
      expect(await post(caller, `/v1/subscriptions/${id}/addons`, body)).toEqual({
        status: 400,
        body: refusal(description, field),
      });
    });
  });
});
