import 'reflect-metadata';
import { newId } from '@platform/domain-kit';
import {
  apiSpecification,
  existingStream,
  expectError,
  expectNewEvents,
  expectResponse,
} from '@platform/service-testing';
import type { ServiceUnderTest, TestCaller } from '@platform/service-testing';
import { startBilling } from '../../test/billing.kit';
import { customerDetailsProjection } from './customer-details/customer-details.projection';
import { CUSTOMER_STREAM } from './customer.decider';
import type { CustomerEvent } from './customer.events';
import { customerCreated } from './customer.fixtures';

const OWNER = { accountId: 'acc_CustomerApi0001', mode: 'test' as const };

describe('the customers API: given existing events, when a request, then new events', () => {
  let billing: ServiceUnderTest;

  beforeAll(async () => {
    billing = await startBilling();
  });
  afterAll(() => billing.close());

  /** A customer created by its owner: the fixture's event, under a fresh id (and e-mail: one customer per identity). */
  const existingCustomer = (customerId: string) => {
    const created = customerCreated({ name: 'Gaurav Kumar', email: `${customerId}@example.com` });
    const event: CustomerEvent = { ...created, data: { ...created.data, customerId } };
    return existingStream({
      streamType: CUSTOMER_STREAM,
      streamId: customerId,
      events: [event],
      projections: [customerDetailsProjection],
      caller: OWNER,
    });
  };

  const edit = (id: string, body: Record<string, unknown>, caller: TestCaller = OWNER) => ({
    method: 'PUT' as const,
    url: `/v1/customers/${id}`,
    body,
    caller,
  });

  it('edits a customer: one CustomerEdited with what changed, and the customer as it now is', async () => {
    const id = newId('cust');
    await apiSpecification(billing)
      .given(existingCustomer(id))
      .when(edit(id, { name: 'Asha Rao' }))
      .then(
        expectResponse(200, { id, name: 'Asha Rao', email: `${id}@example.com` }),
        expectNewEvents(id, [{ type: 'CustomerEdited', data: { changes: { name: 'Asha Rao' } } }]),
      );
  });

  it('answers another account as for an unknown id, and appends nothing', async () => {
    const id = newId('cust');
    await apiSpecification(billing)
      .given(existingCustomer(id))
      .when(edit(id, { name: 'Intruder' }, { accountId: 'acc_SomeoneElse0001', mode: 'test' }))
      .then(expectError(400, 'The id provided does not exist'), expectNewEvents(id, []));
  });

  it('refuses a bad e-mail naming the field, and appends nothing', async () => {
    const id = newId('cust');
    await apiSpecification(billing)
      .given(existingCustomer(id))
      .when(edit(id, { email: 'not-an-email' }))
      .then(expectError(400, /email/, 'email'), expectNewEvents(id, []));
  });
});
