import { Injectable } from '@nestjs/common';
import { CommandHandler, runFlow } from '@platform/event-store';
import { DueJobHandler, jobMetadata } from '@platform/service-kit';
import type { ClaimedJob, JobHandler } from '@platform/service-kit';
import { PROCESS_SETTLEMENT_JOB } from '../settlement/settlement.stream';
import { payOutSettlementFlow } from './pay-out-settlement.flow';

/** A new settlement goes to the merchant's bank (see payOutSettlementFlow). */
@Injectable()
@DueJobHandler()
export class ProcessSettlementJob implements JobHandler {
  readonly kind = PROCESS_SETTLEMENT_JOB;

  constructor(private readonly handler: CommandHandler) {}

  async run(job: ClaimedJob): Promise<void> {
    await runFlow(this.handler, payOutSettlementFlow, {
      metadata: jobMetadata(job),
      settlementId: job.streamId,
    });
  }
}
