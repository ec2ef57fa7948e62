import type { Event } from '@platform/domain-kit';

/** What integrators store about a customer. Missing values are null. */
export interface CustomerDetails {
  name: string | null;
  email: string | null;
  contact: string | null;
  gstin: string | null;
  notes: Record<string, string | number>;
}

export type CustomerCreated = Event<
  'CustomerCreated',
  { customerId: string; details: CustomerDetails; createdAt: number }
>;

/** Only the fields that changed, with their new values. */
export type CustomerEdited = Event<
  'CustomerEdited',
  { customerId: string; changes: Partial<CustomerDetails>; editedAt: number }
>;

export type CustomerEvent = CustomerCreated | CustomerEdited;
