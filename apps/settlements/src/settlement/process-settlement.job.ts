import { Injectable } from '@nestjs/common';
import { CommandHandler } from '@platform/event-store';
import { DueJobHandler, jobMetadata } from '@platform/service-kit';
import type { ClaimedJob, JobHandler } from '@platform/service-kit';
import { balanceIdOf, balanceKind } from '../balance/balance.decider';
import { onBalance } from '../balance/balance.stream';
import { BANK_REFUSED, bankRefuses, newUtr } from './bank-transfer';
import { settlementKind } from './settlement.decider';
import { onSettlement, PROCESS_SETTLEMENT_JOB } from './settlement.stream';

/**
 * A new settlement's transfer to the merchant's bank: `processed` with the bank's UTR, or, when the
 * bank refuses (test mode's switch), `failed`: its amount returns to the balance in the same
 * statement and its lines wait for the next cycle.
 */
@Injectable()
@DueJobHandler()
export class ProcessSettlementJob implements JobHandler {
  readonly kind = PROCESS_SETTLEMENT_JOB;

  constructor(private readonly handler: CommandHandler) {}

  async run(job: ClaimedJob): Promise<void> {
    const metadata = jobMetadata(job);
    await this.handler.handle({
      scope: metadata,
      run: async (unit) => {
        const { state: settlement } = await unit.read(settlementKind, job.streamId);
        if (settlement.status !== 'created') return;
        const { state: balance } = await unit.read(balanceKind, balanceIdOf(metadata));
        if (!bankRefuses(balance.settings, metadata.mode)) {
          await unit.decide(
            onSettlement(job.streamId, {
              type: 'ProcessSettlement',
              data: { utr: newUtr() },
              metadata,
            }),
          );
          return;
        }
        const returned = {
          payoutId: job.streamId,
          currency: settlement.currency,
          amount: settlement.amount,
        };
        await unit.decide(
          onSettlement(job.streamId, {
            type: 'FailSettlement',
            data: { reason: BANK_REFUSED },
            metadata,
          }),
        );
        await unit.decide(onBalance({ type: 'ReturnPayout', data: returned, metadata }));
      },
    });
  }
}
