import { pageInScope, readModelQueries, sql } from '@platform/event-store';
import type { PageRequest, ReadScope, SqlRunner } from '@platform/event-store';
import { QrCodeDetailsRow } from './qr-code-details.entity';

const QR_CODE_OF_PAYMENT = sql(
  'qr-codes.of-payment',
  'SELECT qr_code_id FROM payments WHERE id = $1 AND account_id = $2 AND mode = $3',
);

export const { get: getQrCodeDetails } = readModelQueries(QrCodeDetailsRow);

/** Any account's code by id: for its public image, which anyone holding the URL may fetch. */
export async function getQrCodeForImage(
  db: SqlRunner,
  id: string,
): Promise<QrCodeDetailsRow | null> {
  const table = db.table(QrCodeDetailsRow);
  const [row] = await db.query(
    sql('qr-codes.for-image', `SELECT ${table.selectList} FROM qr_codes WHERE id = $1`),
    [id],
  );
  return row ? table.fromDb(row) : null;
}

/** `customerId`: codes of that customer; `paymentId`: the code that payment was made on (if any). */
export async function listQrCodeDetails(
  db: SqlRunner,
  scope: ReadScope,
  page: PageRequest,
  filters: { customerId?: string; paymentId?: string },
): Promise<QrCodeDetailsRow[]> {
  let id: string | undefined;
  if (filters.paymentId !== undefined) {
    const [payment] = await db.query<{ qr_code_id: string | null }>(QR_CODE_OF_PAYMENT, [
      filters.paymentId,
      scope.accountId,
      scope.mode,
    ]);
    if (!payment?.qr_code_id) return [];
    id = payment.qr_code_id;
  }
  return pageInScope(db, QrCodeDetailsRow, scope, page, { customer_id: filters.customerId, id });
}
