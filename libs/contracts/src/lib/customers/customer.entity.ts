import type { Notes } from '../api-values';
/** The public representation of a customer (`entity: "customer"`), as the REST API returns it. */
export interface CustomerEntity {
  /** @example "cust_1Aa00000000001" */
  id: string;
  entity: 'customer';
  name: string | null;
  email: string | null;
  contact: string | null;
  gstin: string | null;
  notes: Notes;
  /** Unix seconds */
  created_at: number;
}
