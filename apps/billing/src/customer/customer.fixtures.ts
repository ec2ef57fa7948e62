import type { CommandMetadata } from '@platform/domain-kit';
import type { CreateCustomer, EditCustomer } from './customer.commands';
import type { CustomerCreated, CustomerDetails, CustomerEdited } from './customer.events';

export const CUSTOMER_ID = 'cust_AbCdEfGhIjKlMn';
export const NOW = 1_700_000_000_000;
export const METADATA: CommandMetadata = {
  accountId: 'acc_Test0000000001',
  mode: 'test',
  now: NOW,
};

export function details(overrides: Partial<CustomerDetails> = {}): CustomerDetails {
  return {
    name: 'Gaurav Kumar',
    email: 'gaurav.kumar@example.com',
    contact: '+919000090000',
    gstin: null,
    notes: {},
    ...overrides,
  };
}

export function createCustomer(overrides: Partial<CustomerDetails> = {}): CreateCustomer {
  return {
    type: 'CreateCustomer',
    data: { customerId: CUSTOMER_ID, details: details(overrides) },
    metadata: METADATA,
  };
}

export function editCustomer(changes: Partial<CustomerDetails>): EditCustomer {
  return {
    type: 'EditCustomer',
    data: { customerId: CUSTOMER_ID, changes },
    metadata: { ...METADATA, now: NOW + 60_000 },
  };
}

export function customerCreated(overrides: Partial<CustomerDetails> = {}): CustomerCreated {
  return {
    type: 'CustomerCreated',
    data: { customerId: CUSTOMER_ID, details: details(overrides), createdAt: NOW / 1000 },
  };
}

export function customerEdited(changes: Partial<CustomerDetails>): CustomerEdited {
  return {
    type: 'CustomerEdited',
    data: { customerId: CUSTOMER_ID, changes, editedAt: NOW / 1000 + 60 },
  };
}
