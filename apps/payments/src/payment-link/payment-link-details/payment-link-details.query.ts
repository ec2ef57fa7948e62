import { pageInScope, readModelQueries, sql } from '@platform/event-store';
import type { PageRequest, ReadScope, SqlRunner } from '@platform/event-store';
import { PaymentLinkDetailsRow } from './payment-link-details.entity';

const LINK_OF_PAYMENT = sql(
  'payment-links.of-payment',
  `SELECT o.payment_link_id FROM payments p JOIN orders o ON o.id = p.order_id
    WHERE p.id = $1 AND p.account_id = $2 AND p.mode = $3`,
);

export const { get: getPaymentLinkDetails } = readModelQueries(PaymentLinkDetailsRow);

/** Any account's link by its id alone: for its page and checkout, which carry no account. */
export async function findPaymentLink(
  db: SqlRunner,
  id: string,
): Promise<PaymentLinkDetailsRow | null> {
  const table = db.table(PaymentLinkDetailsRow);
  const [row] = await db.query(
    sql('payment-links.by-id-alone', `SELECT ${table.selectList} FROM payment_links WHERE id = $1`),
    [id],
  );
  return row ? table.fromDb(row) : null;
}

/** `referenceId`: the link with that reference; `paymentId`: the link that payment was made on (if any). */
export async function listPaymentLinkDetails(
  db: SqlRunner,
  scope: ReadScope,
  page: PageRequest,
  filters: { referenceId?: string; paymentId?: string },
): Promise<PaymentLinkDetailsRow[]> {
  let id: string | undefined;
  if (filters.paymentId !== undefined) {
    const [payment] = await db.query<{ payment_link_id: string | null }>(LINK_OF_PAYMENT, [
      filters.paymentId,
      scope.accountId,
      scope.mode,
    ]);
    if (!payment?.payment_link_id) return [];
    id = payment.payment_link_id;
  }
  return pageInScope(db, PaymentLinkDetailsRow, scope, page, {
    reference_id: filters.referenceId,
    id,
  });
}
