import { sql } from '@platform/event-store';
import type { SqlRunner, Statement } from '@platform/event-store';
import { PaymentDetailsRow } from './payment-details.entity';

let byIdAlone: Statement | undefined;

/**
 * A payment found by its id alone, whatever its account and mode: for the test bank's pages, which
 * the customer reaches with the payment id only (it is unguessable) and no account context.
 */
export async function findPaymentById(
  db: SqlRunner,
  id: string,
): Promise<PaymentDetailsRow | null> {
  const table = db.table(PaymentDetailsRow);
  byIdAlone ??= sql(
    'payments.by-id-alone',
    `SELECT ${table.selectList} FROM payments WHERE id = $1`,
  );
  const [row] = await db.query(byIdAlone, [id]);
  return row ? table.fromDb(row) : null;
}
