import type { SettlementEntity } from '@platform/contracts';
import { sql } from '@platform/event-store';
import type { ReadScope, SqlRunner } from '@platform/event-store';

/** The processed settlement that paid a payment out, and when (unix seconds). */
export interface PaymentSettlement {
  settlement: SettlementEntity;
  settledAt: number;
}

const BY_PAYMENT = sql(
  'settlement-directory.by-payment',
  'SELECT settlement, settled_at FROM payment_settlements WHERE payment_id = $1 AND account_id = $2 AND mode = $3',
);

/** The payment's settlement, if settlements has told payments about it in this account and mode. */
export async function findPaymentSettlement(
  db: SqlRunner,
  scope: ReadScope,
  paymentId: string,
): Promise<PaymentSettlement | null> {
  const [row] = await db.query<{ settlement: SettlementEntity; settled_at: string }>(BY_PAYMENT, [
    paymentId,
    scope.accountId,
    scope.mode,
  ]);
  return row ? { settlement: row.settlement, settledAt: Number(row.settled_at) } : null;
}
