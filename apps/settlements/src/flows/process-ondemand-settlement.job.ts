import { Injectable } from '@nestjs/common';
import { CommandHandler, runFlow } from '@platform/event-store';
import { DueJobHandler, jobMetadata } from '@platform/service-kit';
import type { ClaimedJob, JobHandler } from '@platform/service-kit';
import { PROCESS_ONDEMAND_SETTLEMENT_JOB } from '../ondemand-settlement/ondemand-settlement.stream';
import { payOutOndemandSettlementFlow } from './pay-out-ondemand-settlement.flow';

/** An on-demand settlement's payouts go to the merchant's bank (see payOutOndemandSettlementFlow). */
@Injectable()
@DueJobHandler()
export class ProcessOndemandSettlementJob implements JobHandler {
  readonly kind = PROCESS_ONDEMAND_SETTLEMENT_JOB;

  constructor(private readonly handler: CommandHandler) {}

  async run(job: ClaimedJob): Promise<void> {
    await runFlow(this.handler, payOutOndemandSettlementFlow, {
      metadata: jobMetadata(job),
      settlementId: job.streamId,
    });
  }
}
