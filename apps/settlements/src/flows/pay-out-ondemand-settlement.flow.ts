import type { Flow, FlowInput } from '@platform/event-store';
import { balanceIdOf, balanceKind } from '../balance/balance.decider';
import { onBalance } from '../balance/balance.stream';
import { ondemandSettlementKind } from '../ondemand-settlement/ondemand-settlement.decider';
import { onOndemandSettlement } from '../ondemand-settlement/ondemand-settlement.stream';
import { BANK_REFUSED, bankRefuses, newUtr } from '../common/bank-transfer';

export interface PayOutOndemandSettlementInput extends FlowInput {
  settlementId: string;
}

/** What the bank does with the payouts; null: the settlement is not waiting for them (any more). */
type Transfer =
  { refused: false; payouts: number } | { refused: true; currency: string; amount: number } | null;

/**
 * An on-demand settlement's payouts to the merchant's bank: `processed`, a UTR per payout, or, when
 * the bank refuses (test mode's switch), `reversed`: the amount requested returns to the balance,
 * its fees waived.
 */
export const payOutOndemandSettlementFlow: Flow<
  PayOutOndemandSettlementInput,
  Transfer,
  void,
  void
> = {
  load: async (reader, { settlementId, metadata }) => {
    const { state: ondemand } = await reader.read(ondemandSettlementKind, settlementId);
    if (ondemand.status !== 'created') return null;
    const { state: balance } = await reader.read(balanceKind, balanceIdOf(metadata));
    return bankRefuses(balance.settings, metadata.mode)
      ? { refused: true, currency: ondemand.currency, amount: ondemand.amountRequested }
      : { refused: false, payouts: ondemand.payouts };
  },

  decide: async (unit, transfer, { settlementId, metadata }) => {
    if (!transfer) return;
    if (!transfer.refused) {
      const utrs = Array.from({ length: transfer.payouts }, newUtr);
      const processed = { type: 'ProcessOndemandSettlement' as const, data: { utrs }, metadata };
      await unit.decide(onOndemandSettlement(settlementId, processed));
      return;
    }
    const reversed = {
      type: 'ReverseOndemandSettlement' as const,
      data: { reason: BANK_REFUSED },
      metadata,
    };
    await unit.decide(onOndemandSettlement(settlementId, reversed));
    const returned = {
      payoutId: settlementId,
      currency: transfer.currency,
      amount: transfer.amount,
    };
    await unit.decide(onBalance({ type: 'ReturnPayout', data: returned, metadata }));
  },

  // Each stream publishes its own events.
  publish: () => [],

  answer: () => undefined,
};
