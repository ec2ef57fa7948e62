import type { SettlementEntity } from '@platform/contracts';
import type { SettlementDetailsRow } from '../settlement-details/settlement-details.entity';
import { toSettlementEntity } from './settlement.response';

/** A payment's settlement, for payments (whose own copy, from settlement.processed, may not have it yet). */
export interface PaymentSettlement {
  payment_id: string;
  settlement: SettlementEntity;
  /** Unix seconds. */
  settled_at: number;
}

export function toPaymentSettlement(
  paymentId: string,
  settlement: SettlementDetailsRow & { processedAt: number },
): PaymentSettlement {
  return {
    payment_id: paymentId,
    settlement: toSettlementEntity(settlement),
    settled_at: settlement.processedAt,
  };
}
