import { NOT_FOUND } from './support/fixtures';
import { newAccount, platform, rejection, sdk } from './support/platform';
import type { PlatformAccount } from './support/platform';

describe('Items and plans through the gateway with the official razorpay SDK', () => {
  let merchant: PlatformAccount;
  beforeAll(async () => (merchant = await newAccount('Items Plans E2E')));

  it('creates, edits, lists and deletes items', async () => {
    const rzp = sdk(merchant.test);
    const item = await rzp.items.create({
      name: 'Book / English August',
      description: 'An indian story',
      amount: 20000,
      currency: 'INR',
    });
    expect(item).toMatchObject({
      entity: 'item',
      active: true,
      amount: 20000,
      unit_amount: 20000,
      type: 'invoice',
    });
    expect(await rzp.items.fetch(item.id)).toEqual(item);
    expect(await rzp.items.edit(item.id, { amount: 25000, active: false })).toMatchObject({
      id: item.id,
      amount: 25000,
      active: false,
    });
    expect((await rzp.items.all({ count: 10 })).items.map((i) => i.id)).toContain(item.id);
    expect(await rzp.items.delete(item.id)).toEqual([]);
    expect(await rejection(rzp.items.fetch(item.id))).toEqual(NOT_FOUND);
    // (The SDK itself refuses a falsy amount before sending anything.)
    expect(
      await rejection(rzp.items.create({ name: 'Refund', amount: -100, currency: 'INR' })),
    ).toMatchObject({ statusCode: 400, error: { field: 'amount' } });
  });

  it('creates and reads plans, and keeps them to their account and mode', async () => {
    const rzp = sdk(merchant.test);
    const plan = await rzp.plans.create({
      period: 'monthly',
      interval: 1,
      item: { name: 'Gold', amount: 49900, currency: 'INR', description: 'Monthly gold' },
      notes: { tier: 'gold' },
    });
    expect(plan).toMatchObject({
      entity: 'plan',
      period: 'monthly',
      interval: 1,
      item: { type: 'plan', amount: 49900, name: 'Gold' },
      notes: { tier: 'gold' },
    });
    expect(await rzp.plans.fetch(plan.id)).toEqual(plan);
    expect((await rzp.plans.all({ count: 10 })).items.map((p) => p.id)).toContain(plan.id);
    expect(
      await rejection(
        rzp.plans.create({
          period: 'daily',
          interval: 3,
          item: { name: 'Daily', amount: 1000, currency: 'INR' },
        }),
      ),
    ).toMatchObject({ statusCode: 400, error: { field: 'interval' } });
    expect(await rejection(sdk(merchant.live).plans.fetch(plan.id))).toEqual(NOT_FOUND);
    expect(await rejection(sdk(platform.account.test).plans.fetch(plan.id))).toEqual(NOT_FOUND);
  });
});
