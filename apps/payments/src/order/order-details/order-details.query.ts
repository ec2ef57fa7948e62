import { readModelQueries, sql } from '@platform/event-store';
import type { ReadScope, SqlRunner, Statement } from '@platform/event-store';
import { OrderDetailsRow } from './order-details.entity';

/** `authorized`: orders with (true) or without (false) an authorized payment; `receipt`: exact match. */
export const { get: getOrderDetails, list: listOrderDetails } = readModelQueries<
  OrderDetailsRow,
  { authorized?: boolean; receipt?: string }
>(OrderDetailsRow, {
  authorized: 'authorized',
  receipt: 'receipt',
});

let byInvoice: Statement | null = null;

/** The order opened for a billing invoice (of this account and mode), or null. */
export async function findInvoiceOrder(
  db: SqlRunner,
  scope: ReadScope,
  invoiceId: string,
): Promise<OrderDetailsRow | null> {
  const table = db.table(OrderDetailsRow);
  byInvoice ??= sql(
    'orders.by-invoice',
    `SELECT ${table.selectList} FROM orders WHERE invoice_id = $1 AND account_id = $2 AND mode = $3`,
  );
  const [row] = await db.query(byInvoice, [invoiceId, scope.accountId, scope.mode]);
  return row ? table.fromDb(row) : null;
}
