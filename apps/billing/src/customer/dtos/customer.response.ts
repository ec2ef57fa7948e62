import type { CustomerEntity } from '@platform/contracts';
import type { CustomerDetailsRow } from '../customer-details/customer-details.entity';

export function toCustomerEntity(row: CustomerDetailsRow): CustomerEntity {
  return {
    id: row.id,
    entity: 'customer',
    name: row.name,
    email: row.email,
    contact: row.contact,
    gstin: row.gstin,
    notes: row.notes,
    created_at: row.createdAt,
  };
}
