import 'reflect-metadata';
import { AsOfReadGate } from '@platform/service-kit';
import { asCaller, newTestCaller, refusal } from '@platform/service-testing';
import type { ServiceUnderTest } from '@platform/service-testing';
import { startBilling } from '../../test/billing.kit';

const HOUR = 3600;
const UNKNOWN = { status: 400, body: refusal('The id provided does not exist') };
const LINES = [{ name: 'Consulting', amount: 250000, currency: 'INR', quantity: 1 }];

describe('Entity history (billing)', () => {
  let billing: ServiceUnderTest;

  beforeAll(async () => {
    billing = await startBilling();
  });

  afterAll(() => billing.close());

  /** The caller's API now, and `hours` later on the account's clock. */
  const at = (caller = newTestCaller()) => ({
    caller,
    now: asCaller(billing, caller),
    later: (hours: number) => asCaller(billing, caller, hours * HOUR),
  });

  it('lists a customer’s events oldest first, and answers another account’s or mode’s like an unknown id', async () => {
    const { caller, now, later } = at();
    const { body: customer } = await now.post('/v1/customers', {
      name: 'Gaurav Kumar',
      email: 'gaurav.kumar@example.com',
    });
    const id = customer['id'] as string;
    expect((await later(1).put(`/v1/customers/${id}`, { name: 'Asha Rao' })).status).toBe(200);
    expect((await now.get(`/v1/events?entity_id=${id}`)).body).toMatchObject({
      entity: 'collection',
      count: 2,
      items: [
        { type: 'CustomerCreated', version: 1, entity: 'event' },
        { type: 'CustomerEdited', version: 2 },
      ],
    });
    const url = `/v1/events?entity_id=${id}`;
    expect(await asCaller(billing, newTestCaller()).get(url)).toEqual(UNKNOWN);
    expect(await asCaller(billing, { ...caller, mode: 'live' }).get(url)).toEqual(UNKNOWN);
    const created = customer['created_at'] as number;
    expect((await now.get(`/v1/customers/${id}?as_of=${created}`)).body).toMatchObject({
      name: 'Gaurav Kumar',
    });
    expect((await now.get(`/v1/customers/${id}?as_of=${created + 2 * HOUR}`)).body).toMatchObject({
      name: 'Asha Rao',
    });
  });

  it('runs two as_of reads of an account at once and queues the next, other accounts go on, and a full queue is answered 429', async () => {
    const busy = at();
    const other = at();
    const made = async (api: ReturnType<typeof at>['now']) =>
      (await api.post('/v1/customers', { name: 'Gaurav Kumar' })).body['id'] as string;
    const busyCustomer = await made(busy.now);
    const otherCustomer = await made(other.now);
    const second = Math.floor(Date.now() / 1000) + 60;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    // Two reads of the busy account still folding (held open), as a burst of long-history reads would be.
    const gate = billing.app.get(AsOfReadGate);
    const account = `${busy.caller.accountId}|${busy.caller.mode}`;
    const running = [gate.run(account, () => held), gate.run(account, () => held)];

    let queuedAnswer: { status: number } | null = null;
    const queued = busy.now
      .get(`/v1/customers/${busyCustomer}?as_of=${second}`)
      .then((answer) => (queuedAnswer = answer));
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(queuedAnswer).toBeNull();
    expect(gate.waitingCount()).toBe(1);
    expect(await busy.now.get(`/v1/customers/${busyCustomer}`)).toMatchObject({ status: 200 });
    expect(await other.now.get(`/v1/customers/${otherCustomer}?as_of=${second}`)).toMatchObject({
      status: 200,
      body: { id: otherCustomer, name: 'Gaurav Kumar' },
    });

    const fillers = Array.from({ length: 63 }, () => gate.run(account, () => held));
    expect(await busy.now.get(`/v1/customers/${busyCustomer}?as_of=${second}`)).toEqual({
      status: 429,
      body: refusal('Too many requests. Please retry after some time.'),
    });

    release();
    await Promise.all([...running, ...fillers]);
    expect(await queued).toMatchObject({ status: 200, body: { id: busyCustomer } });
  });

  it('shows an invoice as it was: a draft, then issued, then cancelled', async () => {
    const { now, later } = at();
    const { body: draft } = await now.post('/v1/invoices', {
      draft: '1',
      customer: { name: 'Gaurav Kumar', email: 'gaurav.kumar@example.com' },
      line_items: LINES,
    });
    const id = draft['id'] as string;
    const issued = await later(1).post(`/v1/invoices/${id}/issue`);
    expect(issued).toMatchObject({ status: 200, body: { status: 'issued' } });
    expect((await later(2).post(`/v1/invoices/${id}/cancel`)).status).toBe(200);
    const created = draft['created_at'] as number;
    const asOf = async (seconds: number) =>
      (await now.get(`/v1/invoices/${id}?as_of=${seconds}`)).body['status'];
    expect(await now.get(`/v1/invoices/${id}?as_of=${created - 1}`)).toEqual(UNKNOWN);
    expect(await asOf(created)).toBe('draft');
    expect(await asOf(created + HOUR + 60)).toBe('issued');
    expect(await asOf(created + 2 * HOUR + 60)).toBe('cancelled');
    expect((await now.get(`/v1/invoices/${id}`)).body['status']).toBe('cancelled');
  });

  it('shows a subscription as it was before its cancellation, and an item before its deletion', async () => {
    const { now, later } = at();
    const { body: plan } = await now.post('/v1/plans', {
      period: 'monthly',
      interval: 1,
      item: { name: 'Gold', amount: 49900, currency: 'INR' },
    });
    const { body: subscription } = await now.post('/v1/subscriptions', {
      plan_id: plan['id'],
      total_count: 6,
    });
    const id = subscription['id'] as string;
    expect((await later(1).post(`/v1/subscriptions/${id}/cancel`)).status).toBe(200);
    const created = subscription['created_at'] as number;
    expect((await now.get(`/v1/subscriptions/${id}?as_of=${created + 60}`)).body).toMatchObject({
      id,
      status: 'created',
    });
    expect((await now.get(`/v1/subscriptions/${id}`)).body).toMatchObject({ status: 'cancelled' });

    const { body: item } = await now.post('/v1/items', {
      name: 'Tea',
      amount: 500,
      currency: 'INR',
    });
    expect((await later(1).delete(`/v1/items/${item['id'] as string}`)).status).toBe(200);
    const itemAt = (seconds: number) =>
      now.get(`/v1/items/${item['id'] as string}?as_of=${seconds}`);
    expect((await itemAt(item['created_at'] as number)).body).toMatchObject({ name: 'Tea' });
    expect(await itemAt((item['created_at'] as number) + 2 * HOUR)).toEqual(UNKNOWN);
  });
});
