import { readModelQueries, sql } from '@platform/event-store';
import type { SqlRunner } from '@platform/event-store';
import { BillDetailsRow } from './bill-details.entity';

/** `receiptNumber`: exact match. */
export const { get: getBillDetails, list: listBillDetails } = readModelQueries<
  BillDetailsRow,
  { receiptNumber?: string }
>(BillDetailsRow, { receiptNumber: 'receipt_number' });

/** Any account's bill by id: for its public receipt page, which anyone holding the URL may open. */
export async function getBillForReceipt(db: SqlRunner, id: string): Promise<BillDetailsRow | null> {
  const table = db.table(BillDetailsRow);
  const [row] = await db.query(
    sql('bills.for-receipt', `SELECT ${table.selectList} FROM bills WHERE id = $1`),
    [id],
  );
  return row ? table.fromDb(row) : null;
}
