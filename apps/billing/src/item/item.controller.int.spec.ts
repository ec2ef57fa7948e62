import { startBilling } from '../../test/billing.kit';
import 'reflect-metadata';
import { refusal } from '@platform/service-testing';
import type { CallOptions, ServiceUnderTest, TestCaller } from '@platform/service-testing';

let accounts = 0;
const newAccount = (mode: 'test' | 'live' = 'test'): TestCaller => ({
  accountId: `acc_Items${String(++accounts).padStart(9, '0')}`,
  mode,
});
const MISSING = { status: 400, body: refusal('The id provided does not exist') };

describe('Items and plans API (billing)', () => {
  let billing: ServiceUnderTest;
  const call = (caller: TestCaller, options: Omit<CallOptions, 'caller'>) =>
    billing.call({ ...options, caller });
  const post = (caller: TestCaller, url: string, body: unknown) =>
    call(caller, { method: 'POST', url, body });

  beforeAll(async () => {
    billing = await startBilling();
  });

  afterAll(() => billing.close());

  describe('items', () => {
    it('creates an item with the defaults of the reference and reads it back', async () => {
      const caller = newAccount();
      const { status, body } = await post(caller, '/v1/items', {
        name: 'Book / English August',
        description: 'An indian story',
        amount: 20000,
        currency: 'INR',
      });
      expect(status).toBe(200);
      expect(body).toEqual({
        id: expect.stringMatching(/^item_[0-9A-Za-z]{14}$/),
        entity: 'item',
        active: true,
        name: 'Book / English August',
        description: 'An indian story',
        amount: 20000,
        unit_amount: 20000,
        currency: 'INR',
        type: 'invoice',
        unit: null,
        tax_inclusive: false,
        hsn_code: null,
        sac_code: null,
        tax_rate: null,
        tax_id: null,
        tax_group_id: null,
        created_at: expect.any(Number),
        updated_at: body['created_at'],
      });
      expect((await call(caller, { method: 'GET', url: `/v1/items/${body['id']}` })).body).toEqual(
        body,
      );
    });

    it('updates the fields sent, switches active, filters lists by active, and deletes answering []', async () => {
      const caller = newAccount();
      const [a, b] = [
        (await post(caller, '/v1/items', { name: 'Tea', amount: 500 })).body,
        (await post(caller, '/v1/items', { name: 'Coffee', amount: 700 })).body,
      ];
      const updated = await call(caller, {
        method: 'PATCH',
        url: `/v1/items/${a['id']}`,
        body: { amount: 550, active: false },
      });
      expect(updated.body).toEqual({
        ...a,
        amount: 550,
        unit_amount: 550,
        active: false,
        updated_at: expect.any(Number),
      });
      expect(
        (
          (await call(caller, { method: 'GET', url: '/v1/items?active=1' })).body['items'] as {
            id: string;
          }[]
        ).map((i) => i.id),
      ).toEqual([b['id']]);
      expect(
        (
          (await call(caller, { method: 'GET', url: '/v1/items?active=0' })).body['items'] as {
            id: string;
          }[]
        ).map((i) => i.id),
      ).toEqual([a['id']]);
      expect(
        (
          (await call(caller, { method: 'GET', url: '/v1/items' })).body['items'] as {
            id: string;
          }[]
        ).map((i) => i.id),
      ).toEqual([b['id'], a['id']]);
      expect(await call(caller, { method: 'DELETE', url: `/v1/items/${a['id']}` })).toEqual({
        status: 200,
        body: [] as unknown as Record<string, unknown>,
      });
      expect(await call(caller, { method: 'GET', url: `/v1/items/${a['id']}` })).toEqual(MISSING);
      expect(await call(caller, { method: 'DELETE', url: `/v1/items/${a['id']}` })).toEqual(
        MISSING,
      );
      expect(
        await call(caller, {
          method: 'PATCH',
          url: `/v1/items/${a['id']}`,
          body: { name: 'Back' },
        }),
      ).toEqual(MISSING);
    });

    it.each([
      [{ amount: 100 }, 'name', 'The name must be a string.'],
      [{ name: '', amount: 100 }, 'name', 'The name may not be empty.'],
      [
        { name: 'x'.repeat(256), amount: 100 },
        'name',
        'The name may not be greater than 255 characters.',
      ],
      [
        { name: 'Tea' },
        'amount',
        'The amount must be an integer in the smallest currency unit (e.g. paise).',
      ],
      [{ name: 'Tea', amount: 0 }, 'amount', 'The amount must be at least 1.'],
      [
        { name: 'Tea', amount: 1.5 },
        'amount',
        'The amount must be an integer in the smallest currency unit (e.g. paise).',
      ],
      [
        { name: 'Tea', amount: 100, currency: 'XYZ' },
        'currency',
        'The currency must be one of INR, USD, EUR, GBP, SGD, AED, AUD, CAD.',
      ],
      [
        { name: 'Tea', amount: 100, colour: 'green' },
        'colour',
        'colour is/are not required and should not be sent',
      ],
    ])('refuses the item %j naming %s', async (body, field, description) => {
      expect(await post(newAccount(), '/v1/items', body)).toEqual({
        status: 400,
        body: refusal(description, field),
      });
    });

    it('refuses ill-typed updates', async () => {
      const caller = newAccount();
      const item = (await post(caller, '/v1/items', { name: 'Tea', amount: 500 })).body;
      expect(
        await call(caller, {
          method: 'PATCH',
          url: `/v1/items/${item['id']}`,
          body: { active: 'maybe' },
        }),
      ).toEqual({
        status: 400,
        body: refusal('The active must be true or false (or 1 or 0).', 'active'),
      });
      expect(
        await call(caller, {
          method: 'PATCH',
          url: `/v1/items/${item['id']}`,
          body: { amount: -1 },
        }),
      ).toEqual({ status: 400, body: refusal('The amount must be at least 1.', 'amount') });
    });
  });

  describe('plans', () => {
    it('creates a plan with its own item and reads it back', async () => {
      const caller = newAccount();
      const { status, body } = await post(caller, '/v1/plans', {
        period: 'monthly',
        interval: 2,
        item: { name: 'Gold', amount: 49900, currency: 'INR', description: 'Every two months' },
        notes: { tier: 'gold' },
      });
      expect(status).toBe(200);
      expect(body).toMatchObject({
        id: expect.stringMatching(/^plan_[0-9A-Za-z]{14}$/),
        entity: 'plan',
        period: 'monthly',
        interval: 2,
        notes: { tier: 'gold' },
        item: {
          id: expect.stringMatching(/^item_/),
          entity: 'item',
          type: 'plan',
          name: 'Gold',
          amount: 49900,
          unit_amount: 49900,
          currency: 'INR',
          description: 'Every two months',
          active: true,
        },
      });
      expect((await call(caller, { method: 'GET', url: `/v1/plans/${body['id']}` })).body).toEqual(
        body,
      );
      expect((await call(caller, { method: 'GET', url: '/v1/plans' })).body).toMatchObject({
        entity: 'collection',
        count: 1,
        items: [body],
      });
      expect((await call(caller, { method: 'GET', url: '/v1/items' })).body['count']).toBe(0); // a plan's item is not a catalogue item
    });

    it('takes a daily plan of at least 7 days', async () => {
      expect(
        (
          await post(newAccount(), '/v1/plans', {
            period: 'daily',
            interval: 7,
            item: { name: 'Weekly box', amount: 100 },
          })
        ).status,
      ).toBe(200);
    });

    it.each([
      [
        { period: 'daily', interval: 6 },
        'interval',
        'A daily plan needs an interval of at least 7.',
      ],
      [{ period: 'monthly', interval: 0 }, 'interval', 'The interval must be at least 1.'],
      [{ period: 'monthly', interval: 1.5 }, 'interval', 'The interval must be an integer.'],
      [{ period: 'monthly', interval: 'two' }, 'interval', 'The interval must be an integer.'],
      [
        { period: 'hourly', interval: 1 },
        'period',
        'The period must be one of daily, weekly, monthly, yearly.',
      ],
      [
        { period: 'monthly', interval: 1, item: { name: 'Cheap', amount: 99 } },
        'item.amount',
        'The item.amount must be at least 100.',
      ],
      [
        { period: 'monthly', interval: 1, item: { amount: 1000 } },
        'item.name',
        'The name must be a string.',
      ],
      [{ period: 'monthly', interval: 1, item: undefined }, 'item', 'The item field is required.'],
      [
        { period: 'monthly', interval: 1, item: { name: 'Gold', amount: 1000, colour: 'gold' } },
        'item.colour',
        'item.colour is/are not required and should not be sent',
      ],
    ])('refuses the plan %j naming %s', async (body, field, description) => {
      expect(
        await post(newAccount(), '/v1/plans', { item: { name: 'Gold', amount: 1000 }, ...body }),
      ).toEqual({ status: 400, body: refusal(description, field) });
    });
  });

  describe('isolation', () => {
    it('hides items and plans from another account and from the other mode, exactly like unknown ids', async () => {
      const owner = newAccount();
      const item = (await post(owner, '/v1/items', { name: 'Secret', amount: 100 })).body;
      const plan = (
        await post(owner, '/v1/plans', {
          period: 'weekly',
          interval: 1,
          item: { name: 'Secret plan', amount: 100 },
        })
      ).body;
      for (const stranger of [newAccount(), { ...owner, mode: 'live' as const }]) {
        expect(await call(stranger, { method: 'GET', url: `/v1/items/${item['id']}` })).toEqual(
          MISSING,
        );
        expect(
          await call(stranger, {
            method: 'PATCH',
            url: `/v1/items/${item['id']}`,
            body: { name: 'Mine' },
          }),
        ).toEqual(MISSING);
        expect(await call(stranger, { method: 'DELETE', url: `/v1/items/${item['id']}` })).toEqual(
          MISSING,
        );
        expect(await call(stranger, { method: 'GET', url: `/v1/plans/${plan['id']}` })).toEqual(
          MISSING,
        );
        expect((await call(stranger, { method: 'GET', url: '/v1/items' })).body['count']).toBe(0);
        expect((await call(stranger, { method: 'GET', url: '/v1/plans' })).body['count']).toBe(0);
      }
    });
  });
});
