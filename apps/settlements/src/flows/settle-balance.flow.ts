import { newId } from '@platform/domain-kit';
import type { Flow, FlowInput } from '@platform/event-store';
import { balanceIdOf, balanceKind } from '../balance/balance.decider';
import { onBalance } from '../balance/balance.stream';
import type { SettleableLine } from '../settlement/settlement.commands';
import { onSettlement } from '../settlement/settlement.stream';

export interface SettleBalanceInput extends FlowInput {
  /** The balance's settleable lines by currency at `metadata.now` (after its settlement delay). */
  settleableLines(delayDays: number): Promise<Map<string, SettleableLine[]>>;
}

interface NewSettlement {
  settlementId: string;
  currency: string;
  lines: SettleableLine[];
}

const sum = (lines: readonly SettleableLine[]) =>
  lines.reduce((total, line) => total + line.amount, 0);

/**
 * A settlement cycle of one balance at `metadata.now` (the account's clock): for each currency whose
 * settleable lines add up to more than zero, one settlement takes them all. A currency whose lines
 * add up to zero or less (refunds after a payout) settles nothing: its deficit is carried to the
 * next cycle with its lines. The payouts are recorded on the balance stream in the same statement,
 * so a concurrent cycle (another replica) or on-demand request decides again on what this left.
 * Answers the ids of the settlements created.
 */
export const settleBalanceFlow: Flow<SettleBalanceInput, NewSettlement[], string[], string[]> = {
  load: async (reader, { metadata, settleableLines }) => {
    const { state: balance } = await reader.read(balanceKind, balanceIdOf(metadata));
    const lines = await settleableLines(balance.settings.delayDays);
    return [...lines]
      .filter(([, currencyLines]) => sum(currencyLines) > 0)
      .map(([currency, currencyLines]) => ({
        settlementId: newId('setl'),
        currency,
        lines: currencyLines,
      }));
  },

  decide: async (unit, settlements, { metadata }) => {
    if (settlements.length === 0) return [];
    const payouts = settlements.map(({ settlementId, currency, lines }) => ({
      payoutId: settlementId,
      kind: 'settlement' as const,
      currency,
      amount: sum(lines),
    }));
    await unit.decide(onBalance({ type: 'RecordPayouts', data: { payouts }, metadata }));
    const created: string[] = [];
    for (const settlement of settlements) {
      const { appended } = await unit.decide(
        onSettlement(
          settlement.settlementId,
          { type: 'CreateSettlement', data: settlement, metadata },
          true,
        ),
      );
      created.push(...appended.map((event) => event.streamId));
    }
    return created;
  },

  // Each stream publishes its own events (settlement.processed later, when the bank pays).
  publish: () => [],

  answer: (created) => created,
};
