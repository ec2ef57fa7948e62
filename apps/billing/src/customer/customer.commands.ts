import type { Command } from '@platform/domain-kit';
import type { CustomerDetails } from './customer.events';

export type CreateCustomer = Command<
  'CreateCustomer',
  { customerId: string; details: CustomerDetails }
>;

/** Fields sent replace those fields; fields not sent stay as they are (the SDK sends partial bodies). */
export type EditCustomer = Command<
  'EditCustomer',
  { customerId: string; changes: Partial<CustomerDetails> }
>;

export type CustomerCommand = CreateCustomer | EditCustomer;
