import { findInScope, pageInScope, sql } from '@platform/event-store';
import type { PageRequest, ReadScope, SqlRunner, Statement } from '@platform/event-store';
import { InvoiceDetailsRow } from './invoice-details.entity';

export interface InvoiceFilters {
  type?: 'invoice' | 'link';
  payment_id?: string;
  receipt?: string;
  customer_id?: string;
  subscription_id?: string;
}

export function getInvoiceDetails(
  db: SqlRunner,
  scope: ReadScope,
  id: string,
): Promise<InvoiceDetailsRow | null> {
  return findInScope(db, InvoiceDetailsRow, scope, id);
}

export function listInvoiceDetails(
  db: SqlRunner,
  scope: ReadScope,
  page: PageRequest,
  filters: InvoiceFilters,
): Promise<InvoiceDetailsRow[]> {
  return pageInScope(db, InvoiceDetailsRow, scope, page, { ...filters });
}

let issuedById: Statement | null = null;

/** An issued (or settled) invoice by id alone, for its public page: a draft has none. */
export async function findIssuedInvoice(
  db: SqlRunner,
  id: string,
): Promise<InvoiceDetailsRow | null> {
  const table = db.table(InvoiceDetailsRow);
  issuedById ??= sql(
    'invoices.issued-by-id',
    `SELECT ${table.selectList} FROM invoices WHERE id = $1 AND issued_at IS NOT NULL`,
  );
  const [row] = await db.query(issuedById, [id]);
  return row ? table.fromDb(row) : null;
}
