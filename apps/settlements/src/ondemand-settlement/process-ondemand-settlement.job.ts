import { Injectable } from '@nestjs/common';
import { CommandHandler } from '@platform/event-store';
import { DueJobHandler, jobMetadata } from '@platform/service-kit';
import type { ClaimedJob, JobHandler } from '@platform/service-kit';
import { balanceIdOf, balanceKind } from '../balance/balance.decider';
import { onBalance } from '../balance/balance.stream';
import { BANK_REFUSED, bankRefuses, newUtr } from '../settlement/bank-transfer';
import { ondemandSettlementKind } from './ondemand-settlement.decider';
import {
  onOndemandSettlement,
  PROCESS_ONDEMAND_SETTLEMENT_JOB,
} from './ondemand-settlement.stream';

/**
 * An on-demand settlement's payouts to the merchant's bank: `processed`, a UTR per payout, or, when
 * the bank refuses (test mode's switch), `reversed`: the amount requested returns to the balance,
 * its fees waived.
 */
@Injectable()
@DueJobHandler()
export class ProcessOndemandSettlementJob implements JobHandler {
  readonly kind = PROCESS_ONDEMAND_SETTLEMENT_JOB;

  constructor(private readonly handler: CommandHandler) {}

  async run(job: ClaimedJob): Promise<void> {
    const metadata = jobMetadata(job);
    await this.handler.handle({
      scope: metadata,
      run: async (unit) => {
        const { state: ondemand } = await unit.read(ondemandSettlementKind, job.streamId);
        if (ondemand.status !== 'created') return;
        const { state: balance } = await unit.read(balanceKind, balanceIdOf(metadata));
        if (!bankRefuses(balance.settings, metadata.mode)) {
          await unit.decide(
            onOndemandSettlement(job.streamId, {
              type: 'ProcessOndemandSettlement',
              data: { utrs: Array.from({ length: ondemand.payouts }, newUtr) },
              metadata,
            }),
          );
          return;
        }
        const returned = {
          payoutId: job.streamId,
          currency: ondemand.currency,
          amount: ondemand.amountRequested,
        };
        await unit.decide(
          onOndemandSettlement(job.streamId, {
            type: 'ReverseOndemandSettlement',
            data: { reason: BANK_REFUSED },
            metadata,
          }),
        );
        await unit.decide(onBalance({ type: 'ReturnPayout', data: returned, metadata }));
      },
    });
  }
}
