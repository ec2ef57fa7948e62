import { Injectable } from '@nestjs/common';
import type { CommandMetadata } from '@platform/domain-kit';
import { newId } from '@platform/domain-kit';
import { CommandHandler, Database } from '@platform/event-store';
import { balanceIdOf, balanceKind } from '../balance/balance.decider';
import { onBalance } from '../balance/balance.stream';
import { settleableLines } from '../ledger/ledger-lines.query';
import type { SettleableLine } from './settlement.commands';
import { onSettlement } from './settlement.stream';

const sum = (lines: readonly SettleableLine[]) =>
  lines.reduce((total, line) => total + line.amount, 0);

/** The settlement use case: a balance's cycle settles what became settleable. */
@Injectable()
export class SettlementService {
  constructor(
    private readonly handler: CommandHandler,
    private readonly database: Database,
  ) {}

  /**
   * A settlement cycle of one balance at `metadata.now` (the account's clock): for each currency whose
   * settleable lines add up to more than zero, one settlement takes them all. A currency whose lines
   * add up to zero or less (refunds after a payout) settles nothing: its deficit is carried to the
   * next cycle with its lines. The payouts are recorded on the balance stream in the same statement,
   * so a concurrent cycle (another replica) or on-demand request decides again on what this left.
   * Returns the settlements created.
   */
  async settleBalance(metadata: CommandMetadata): Promise<string[]> {
    return this.handler.handle({
      scope: metadata,
      run: async (unit) => {
        const { state: balance } = await unit.read(balanceKind, balanceIdOf(metadata));
        const lines = await settleableLines(
          this.database,
          metadata,
          metadata.now,
          balance.settings.delayDays,
        );
        const settlements = [...lines]
          .filter(([, currencyLines]) => sum(currencyLines) > 0)
          .map(([currency, currencyLines]) => ({
            settlementId: newId('setl'),
            currency,
            lines: currencyLines,
          }));
        if (settlements.length === 0) return [];
        const payouts = settlements.map(({ settlementId, currency, lines: taken }) => ({
          payoutId: settlementId,
          kind: 'settlement' as const,
          currency,
          amount: sum(taken),
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
    });
  }
}
