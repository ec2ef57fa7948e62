import { Injectable } from '@nestjs/common';
import { DueJobHandler, jobMetadata } from '@platform/service-kit';
import type { ClaimedJob, JobHandler } from '@platform/service-kit';
import { SubscriptionService } from './subscription.service';
import { RETRY_CHARGE_JOB } from './subscription.stream';

/** A failed cycle charge is tried again on the retry schedule (charge-retries.ts). */
@Injectable()
@DueJobHandler()
export class RetryChargeJob implements JobHandler {
  readonly kind = RETRY_CHARGE_JOB;

  constructor(private readonly subscriptions: SubscriptionService) {}

  run(job: ClaimedJob): Promise<void> {
    return this.subscriptions.retryCharge(
      jobMetadata(job),
      job.streamId,
      String(job.payload['invoiceId']),
      Number(job.payload['attempt']),
    );
  }
}
