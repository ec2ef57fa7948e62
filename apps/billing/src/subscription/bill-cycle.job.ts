import { Injectable } from '@nestjs/common';
import { DueJobHandler, jobMetadata } from '@platform/service-kit';
import type { ClaimedJob, JobHandler } from '@platform/service-kit';
import { SubscriptionService } from './subscription.service';
import { BILL_CYCLE_JOB } from './subscription.stream';

/** At charge_at (account clock): the cycle ends and the next one is billed and charged. */
@Injectable()
@DueJobHandler()
export class BillCycleJob implements JobHandler {
  readonly kind = BILL_CYCLE_JOB;

  constructor(private readonly subscriptions: SubscriptionService) {}

  run(job: ClaimedJob): Promise<void> {
    return this.subscriptions.billCycle(jobMetadata(job), job.streamId, Number(job.payload['at']));
  }
}
