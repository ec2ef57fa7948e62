import { findInScope, pageInScope, sql } from '@platform/event-store';
import type { PageRequest, ReadScope, SqlRunner } from '@platform/event-store';
import { SettlementDetailsRow } from './settlement-details.entity';

export function getSettlementDetails(
  db: SqlRunner,
  scope: ReadScope,
  id: string,
): Promise<SettlementDetailsRow | null> {
  return findInScope(db, SettlementDetailsRow, scope, id);
}

export function listSettlementDetails(
  db: SqlRunner,
  scope: ReadScope,
  page: PageRequest,
): Promise<SettlementDetailsRow[]> {
  return pageInScope(db, SettlementDetailsRow, scope, page);
}

const SETTLEMENT_OF_PAYMENT = sql(
  'payment-settlement.of',
  `SELECT settlement_id FROM ledger_transactions WHERE id = $1 AND kind = 'capture' AND account_id = $2 AND mode = $3`,
);

/** The processed settlement that paid a captured payment out; null while it is in none (or not yet processed). */
export async function getProcessedSettlementOfPayment(
  db: SqlRunner,
  scope: ReadScope,
  paymentId: string,
): Promise<(SettlementDetailsRow & { processedAt: number }) | null> {
  const [line] = await db.query<{ settlement_id: string | null }>(SETTLEMENT_OF_PAYMENT, [
    paymentId,
    scope.accountId,
    scope.mode,
  ]);
  const settlement = line?.settlement_id
    ? await getSettlementDetails(db, scope, line.settlement_id)
    : null;
  if (!settlement || settlement.status !== 'processed' || settlement.processedAt === null)
    return null;
  return settlement as SettlementDetailsRow & { processedAt: number };
}
