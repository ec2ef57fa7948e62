import 'reflect-metadata';
import type { ServiceUnderTest } from '@platform/service-testing';
import { startBillingStub } from '../../test/billing-stub';
import type { BillingStub } from '../../test/billing-stub';
import { as, newAccount, refusal, startPayments, VISA } from '../../test/payments.kit';

describe('Subscription payments in test mode (payments)', () => {
  let billing: BillingStub;
  let payments: ServiceUnderTest;
  beforeAll(async () => {
    billing = await startBillingStub();
    payments = await startPayments(undefined, billing.url);
  });
  afterAll(async () => {
    await payments.close();
    await billing.close();
  });

  it('answers a subscription neither payments nor billing knows like an unknown id', async () => {
    const api = as(payments, newAccount());
    expect(
      await api.post('/v1/simulator/payments', {
        subscription_id: 'sub_00000000000000',
        method: 'card',
        card: VISA,
      }),
    ).toEqual({
      status: 400,
      body: refusal(
        'The id provided does not exist (or the subscription is not known to payments yet)',
        'subscription_id',
      ),
    });
    expect(
      await api.post('/v1/simulator/subscriptions/sub_00000000000000/decline_charges', {
        count: 1,
      }),
    ).toEqual({ status: 400, body: refusal('The id provided does not exist') });
  });

  it.each([
    [{}, 'count', 'The count must be an integer.'],
    [{ count: -1 }, 'count', 'The count must be between 0 and 12.'],
    [{ count: 13 }, 'count', 'The count must be between 0 and 12.'],
    [{ count: 1, extra: true }, 'extra', 'extra is/are not required and should not be sent'],
  ])('refuses decline_charges %j naming %s', async (body, field, description) => {
    expect(
      await as(payments, newAccount()).post(
        '/v1/simulator/subscriptions/sub_00000000000000/decline_charges',
        body,
      ),
    ).toEqual({ status: 400, body: refusal(description, field) });
  });

  it('is for test keys only', async () => {
    expect(
      (
        await as(payments, newAccount('live')).post(
          '/v1/simulator/subscriptions/sub_00000000000000/decline_charges',
          { count: 1 },
        )
      ).body,
    ).toEqual(
      refusal(
        'The simulator works with test mode keys only: live payments come from a real checkout.',
      ),
    );
  });
});
