import { Injectable } from '@nestjs/common';
import { DueJobHandler, jobMetadata } from '@platform/service-kit';
import type { ClaimedJob, JobHandler } from '@platform/service-kit';
import { BILL_CYCLE_JOB } from '../subscription/subscription.stream';
import { SubscriptionFlowsService } from './subscription-flows.service';

/** At charge_at (account clock): the cycle ends and the next one is billed and charged. */
@Injectable()
@DueJobHandler()
export class BillCycleJob implements JobHandler {
  readonly kind = BILL_CYCLE_JOB;

  constructor(private readonly flows: SubscriptionFlowsService) {}

  run(job: ClaimedJob): Promise<void> {
    return this.flows.billCycle(jobMetadata(job), job.streamId, Number(job.payload['at']));
  }
}
