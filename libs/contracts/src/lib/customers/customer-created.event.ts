import type { IntegrationEvent } from '../envelope';
import type { CustomerEntity } from './customer.entity';

/** `customer.created` on `billing.customer`. */
export type CustomerCreatedEvent = IntegrationEvent<
  'customer.created',
  { customer: CustomerEntity }
>;
export const CUSTOMER_CREATED = 'customer.created';
