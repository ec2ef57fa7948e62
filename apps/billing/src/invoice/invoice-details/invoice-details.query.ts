import { readModelQueries, sql } from '@platform/event-store';
import type { SqlRunner, Statement } from '@platform/event-store';
import { InvoiceDetailsRow } from './invoice-details.entity';

export interface InvoiceFilters {
  type?: 'invoice' | 'link';
  payment_id?: string;
  receipt?: string;
  customer_id?: string;
  subscription_id?: string;
}

export const { get: getInvoiceDetails, list: listInvoiceDetails } = readModelQueries<
  InvoiceDetailsRow,
  InvoiceFilters
>(InvoiceDetailsRow, {
  type: 'type',
  payment_id: 'payment_id',
  receipt: 'receipt',
  customer_id: 'customer_id',
  subscription_id: 'subscription_id',
});

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
