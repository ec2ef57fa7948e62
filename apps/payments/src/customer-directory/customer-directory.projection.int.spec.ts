import type { CustomerCreatedEvent, CustomerUpdatedEvent } from '@platform/contracts';
import type { ReadScope } from '@platform/event-store';
import { ProjectionSpecification, otherTenants } from '@platform/service-testing';
import { PAYMENTS_ENTITIES, PAYMENTS_MIGRATIONS } from '../app.module';
import type { CustomerDirectoryRow } from './customer-directory.entity';
import { applyToCustomerDirectory } from './customer-directory.projection';
import { findKnownCustomer } from './customer-directory.query';

const SCOPE: ReadScope = { accountId: 'acc_Test0000000001', mode: 'test' };
const CREATED_AT = 1_700_000_000;
type CustomerMessage = CustomerCreatedEvent | CustomerUpdatedEvent;
type Contact = { name: string | null; email: string | null; contact: string | null };

/** billing.customer's message for version `version` of a customer (1: created), with its contact. */
function customerMessage(id: string, version: number, contact: Contact): CustomerMessage {
  const envelope = {
    id: `00000000-0000-4000-8000-${String(version).padStart(12, '0')}`,
    schema_version: 1,
    account_id: SCOPE.accountId,
    mode: SCOPE.mode,
    stream_id: id,
    stream_version: version,
    occurred_at: CREATED_AT + version,
    correlation_id: null,
    causation_id: null,
  };
  const customer = {
    id,
    entity: 'customer' as const,
    gstin: null,
    notes: {},
    created_at: CREATED_AT,
    ...contact,
  };
  return version === 1
    ? { ...envelope, type: 'customer.created', data: { customer } }
    : { ...envelope, type: 'customer.updated', data: { customer, changed: ['name'] } };
}

const GAURAV: Contact = {
  name: 'Gaurav Kumar',
  email: 'gaurav.kumar@example.com',
  contact: '+919000090000',
};
const RENAMED: Contact = { ...GAURAV, name: 'Gaurav K.', email: null };

const spec = ProjectionSpecification.forMessages(applyToCustomerDirectory, {
  entities: PAYMENTS_ENTITIES,
  migrations: PAYMENTS_MIGRATIONS,
});
const known =
  (id: string, scope = SCOPE) =>
  (_db: unknown, manager: Parameters<typeof findKnownCustomer>[0]) =>
    findKnownCustomer(manager, scope, id);
const row = (id: string, version: number, contact: Contact): CustomerDirectoryRow => ({
  id,
  version,
  ...SCOPE,
  ...contact,
});

spec.describe('customer directory projection', () => {
  it('knows a customer billing created, with its name, email and contact', () =>
    spec
      .given(customerMessage('cust_Created000001', 1, GAURAV))
      .then(known('cust_Created000001'), row('cust_Created000001', 1, GAURAV)));

  it('shows the customer as last updated', () =>
    spec
      .given(
        customerMessage('cust_Updated000001', 1, GAURAV),
        customerMessage('cust_Updated000001', 2, RENAMED),
      )
      .then(known('cust_Updated000001'), row('cust_Updated000001', 2, RENAMED)));

  it('keeps the newest version when an older message comes late', async () => {
    await spec
      .given(customerMessage('cust_LateMessage01', 2, RENAMED))
      .then(known('cust_LateMessage01'), row('cust_LateMessage01', 2, RENAMED));
    await spec
      .given(customerMessage('cust_LateMessage01', 1, GAURAV))
      .then(known('cust_LateMessage01'), row('cust_LateMessage01', 2, RENAMED));
  });

  it('leaves the same row when the messages are delivered again', () =>
    spec
      .given(
        customerMessage('cust_Redelivered01', 1, GAURAV),
        customerMessage('cust_Redelivered01', 2, RENAMED),
      )
      .thenAfter('redelivery', known('cust_Redelivered01'), row('cust_Redelivered01', 2, RENAMED)));

  it('knows the customer in no other account or mode', async () => {
    await spec
      .given(customerMessage('cust_OtherTenant01', 1, GAURAV))
      .then(known('cust_OtherTenant01'), row('cust_OtherTenant01', 1, GAURAV));
    for (const other of otherTenants(SCOPE))
      await spec.given().then(known('cust_OtherTenant01', other), null);
  });
});
