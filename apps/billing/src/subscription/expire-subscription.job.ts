import { Injectable } from '@nestjs/common';
import { DueJobHandler, jobMetadata } from '@platform/service-kit';
import type { ClaimedJob, JobHandler } from '@platform/service-kit';
import { SubscriptionService } from './subscription.service';
import { EXPIRE_SUBSCRIPTION_JOB } from './subscription.stream';

/** A subscription still not authorized at expire_by expires (and its authorization invoice is cancelled). */
@Injectable()
@DueJobHandler()
export class ExpireSubscriptionJob implements JobHandler {
  readonly kind = EXPIRE_SUBSCRIPTION_JOB;

  constructor(private readonly subscriptions: SubscriptionService) {}

  async run(job: ClaimedJob): Promise<void> {
    await this.subscriptions.ending(jobMetadata(job), job.streamId, {
      type: 'ExpireSubscription',
      data: { at: Number(job.payload['at']) },
    });
  }
}
