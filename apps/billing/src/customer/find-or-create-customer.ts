import { newId } from '@platform/domain-kit';
import type { CommandMetadata } from '@platform/domain-kit';
import { isUniqueViolation } from '@platform/event-store';
import type { SqlRunner } from '@platform/event-store';
import { findCustomerByIdentity } from './customer-details/customer-details.query';
import type { CustomerDetails } from './customer.events';
import { onCustomer } from './customer.stream';

/** Who someone is, as another request names them (an invoice's inline customer, a subscription's payer). */
export type PersonDetails = Omit<CustomerDetails, 'notes'>;

export interface CustomerOfDetails {
  customerId: string;
  /** The customer's details: the stored ones when it exists, else those it is made with. */
  details: PersonDetails;
  /** The CreateCustomer to write in the caller's statement; null when the customer exists. */
  create: ReturnType<typeof onCustomer> | null;
}

/**
 * The account's customer with these details' email and contact (the identity fail_existing compares,
 * one customer per identity), or a new one made from them, to be written with the caller's command
 * so that neither exists without the other. Details without email and contact (a name alone) have
 * no identity to match: they always make a new customer. Null when there is nothing to name.
 */
export async function findOrCreateCustomer(
  db: SqlRunner,
  metadata: CommandMetadata,
  details: PersonDetails,
): Promise<CustomerOfDetails | null> {
  const { name, email, contact } = details;
  if (name === null && email === null && contact === null) return null;
  const existing =
    email === null && contact === null
      ? null
      : await findCustomerByIdentity(db, metadata, { email, contact });
  if (existing)
    return {
      customerId: existing.id,
      details: {
        name: existing.name,
        email: existing.email,
        contact: existing.contact,
        gstin: existing.gstin,
      },
      create: null,
    };
  const customerId = newId('cust');
  return {
    customerId,
    details,
    create: onCustomer(
      customerId,
      {
        type: 'CreateCustomer',
        data: { customerId, details: { ...details, notes: {} } },
        metadata,
      },
      true,
    ),
  };
}

/** A second customer of one identity, refused by the unique index customers_identity_unique. */
export const isCustomerIdentityConflict = (error: unknown): boolean =>
  isUniqueViolation(error, 'customers_identity_unique');

/**
 * Runs `work` (which calls findOrCreateCustomer) once more when another request made the same new
 * customer first: the second run finds that customer and uses it.
 */
export async function onceMoreIfCustomerMadeMeanwhile<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!isCustomerIdentityConflict(error)) throw error;
    return work();
  }
}
