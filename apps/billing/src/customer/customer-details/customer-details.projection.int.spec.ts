import { ProjectionSpecification, otherTenants, rowOrigin } from '@platform/service-testing';
import { BILLING_ENTITIES, BILLING_MIGRATIONS } from '../../app.module';
import { CUSTOMER_STREAM } from '../customer.decider';
import { METADATA, NOW, customerCreated, customerEdited, details } from '../customer.fixtures';
import type { CustomerDetailsRow } from './customer-details.entity';
import { customerDetailsProjection } from './customer-details.projection';
import { getCustomerDetails } from './customer-details.query';

const spec = ProjectionSpecification.forStreams(customerDetailsProjection, {
  entities: BILLING_ENTITIES,
  migrations: BILLING_MIGRATIONS,
  streamType: CUSTOMER_STREAM,
  metadata: METADATA,
  read: getCustomerDetails,
});
const { stream: customer, detailsOf } = spec;

/** The identity (email, contact) names one customer per account and mode: one email per stream. */
const emailOf = (id: string) => `${id.toLowerCase()}@example.com`;

/** The row of Gaurav Kumar just created, at version 1. */
function createdRow(id: string, overrides: Partial<CustomerDetailsRow> = {}): CustomerDetailsRow {
  return {
    ...rowOrigin(id, METADATA, NOW),
    ...details({ email: emailOf(id) }),
    ...overrides,
  };
}

spec.describe('customer details projection', () => {
  it('shows a customer just created, with its contact details and notes', () =>
    spec
      .given(
        ...customer(
          'cust_Created000001',
          customerCreated({
            email: emailOf('cust_Created000001'),
            gstin: '29ABCDE1234F2Z5',
            notes: { tier: 'gold' },
          }),
        ),
      )
      .then(
        detailsOf('cust_Created000001'),
        createdRow('cust_Created000001', { gstin: '29ABCDE1234F2Z5', notes: { tier: 'gold' } }),
      ));

  it('shows the fields an edit changed, and keeps the others', () =>
    spec
      .given(
        ...customer(
          'cust_Edited0000001',
          customerCreated({ email: emailOf('cust_Edited0000001') }),
          customerEdited({ name: 'Gaurav K.', contact: null }),
        ),
      )
      .then(
        detailsOf('cust_Edited0000001'),
        createdRow('cust_Edited0000001', { version: 2, name: 'Gaurav K.', contact: null }),
      ));

  it('leaves the same row when the events are replayed', () =>
    spec
      .given(
        ...customer(
          'cust_Replayed00001',
          customerCreated({ email: emailOf('cust_Replayed00001') }),
          customerEdited({ email: 'gk@example.com' }),
          customerEdited({ notes: { vip: 1 } }),
        ),
      )
      .thenAfter(
        'redelivery',
        detailsOf('cust_Replayed00001'),
        createdRow('cust_Replayed00001', {
          version: 3,
          email: 'gk@example.com',
          notes: { vip: 1 },
        }),
      ));

  it('shows the customer to no other account or mode', async () => {
    await spec
      .given(
        ...customer(
          'cust_OtherTenant01',
          customerCreated({ email: emailOf('cust_OtherTenant01') }),
        ),
      )
      .then(detailsOf('cust_OtherTenant01'), createdRow('cust_OtherTenant01'));
    for (const other of otherTenants(METADATA))
      await spec.given().then((db) => getCustomerDetails(db, other, 'cust_OtherTenant01'), null);
  });
});
