import { findInScope, pageInScope, sql } from '@platform/event-store';
import type { PageRequest, ReadScope, SqlRunner } from '@platform/event-store';
import { BillDetailsRow } from './bill-details.entity';

export function getBillDetails(
  db: SqlRunner,
  scope: ReadScope,
  id: string,
): Promise<BillDetailsRow | null> {
  return findInScope(db, BillDetailsRow, scope, id);
}

/** Any account's bill by id: for its public receipt page, which anyone holding the URL may open. */
export async function getBillForReceipt(db: SqlRunner, id: string): Promise<BillDetailsRow | null> {
  const table = db.table(BillDetailsRow);
  const [row] = await db.query(
    sql('bills.for-receipt', `SELECT ${table.selectList} FROM bills WHERE id = $1`),
    [id],
  );
  return row ? table.fromDb(row) : null;
}

/** `receiptNumber`: exact match. */
export function listBillDetails(
  db: SqlRunner,
  scope: ReadScope,
  page: PageRequest,
  filters: { receiptNumber?: string },
): Promise<BillDetailsRow[]> {
  return pageInScope(db, BillDetailsRow, scope, page, { receipt_number: filters.receiptNumber });
}
