import type { IntegrationEvent } from '../envelope';
import type { CustomerEntity } from './customer.entity';

/** `customer.updated` on `billing.customer`: the customer after the edit and the fields that changed. */
export type CustomerUpdatedEvent = IntegrationEvent<
  'customer.updated',
  { customer: CustomerEntity; changed: string[] }
>;
export const CUSTOMER_UPDATED = 'customer.updated';
