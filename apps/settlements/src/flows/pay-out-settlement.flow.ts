import type { Flow, FlowInput } from '@platform/event-store';
import { balanceIdOf, balanceKind } from '../balance/balance.decider';
import { onBalance } from '../balance/balance.stream';
import { settlementKind } from '../settlement/settlement.decider';
import { onSettlement } from '../settlement/settlement.stream';
import { BANK_REFUSED, bankRefuses, newUtr } from '../common/bank-transfer';

export interface PayOutSettlementInput extends FlowInput {
  settlementId: string;
}

/** What the bank does with the transfer; null: the settlement is not waiting for one (any more). */
type Transfer = { refused: false } | { refused: true; currency: string; amount: number } | null;

/**
 * A new settlement's transfer to the merchant's bank: `processed` with the bank's UTR, or, when the
 * bank refuses (test mode's switch), `failed`: its amount returns to the balance in the same
 * statement and its lines wait for the next cycle.
 */
export const payOutSettlementFlow: Flow<PayOutSettlementInput, Transfer, void, void> = {
  load: async (reader, { settlementId, metadata }) => {
    const { state: settlement } = await reader.read(settlementKind, settlementId);
    if (settlement.status !== 'created') return null;
    const { state: balance } = await reader.read(balanceKind, balanceIdOf(metadata));
    return bankRefuses(balance.settings, metadata.mode)
      ? { refused: true, currency: settlement.currency, amount: settlement.amount }
      : { refused: false };
  },

  decide: async (unit, transfer, { settlementId, metadata }) => {
    if (!transfer) return;
    if (!transfer.refused) {
      const processed = { type: 'ProcessSettlement' as const, data: { utr: newUtr() }, metadata };
      await unit.decide(onSettlement(settlementId, processed));
      return;
    }
    const failed = { type: 'FailSettlement' as const, data: { reason: BANK_REFUSED }, metadata };
    await unit.decide(onSettlement(settlementId, failed));
    const returned = {
      payoutId: settlementId,
      currency: transfer.currency,
      amount: transfer.amount,
    };
    await unit.decide(onBalance({ type: 'ReturnPayout', data: returned, metadata }));
  },

  // Each stream publishes its own events (settlement.processed or settlement.failed).
  publish: () => [],

  answer: () => undefined,
};
