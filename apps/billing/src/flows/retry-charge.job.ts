import { Injectable } from '@nestjs/common';
import { DueJobHandler, jobMetadata } from '@platform/service-kit';
import type { ClaimedJob, JobHandler } from '@platform/service-kit';
import { RETRY_CHARGE_JOB } from '../subscription/subscription.stream';
import { SubscriptionFlowsService } from './subscription-flows.service';

/** A failed cycle charge is tried again on the retry schedule (charge-retries.ts). */
@Injectable()
@DueJobHandler()
export class RetryChargeJob implements JobHandler {
  readonly kind = RETRY_CHARGE_JOB;

  constructor(private readonly flows: SubscriptionFlowsService) {}

  run(job: ClaimedJob): Promise<void> {
    return this.flows.retryCharge(
      jobMetadata(job),
      job.streamId,
      String(job.payload['invoiceId']),
      Number(job.payload['attempt']),
    );
  }
}
