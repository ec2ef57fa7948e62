import { Injectable } from '@nestjs/common';
import { DueJobHandler, jobMetadata } from '@platform/service-kit';
import type { ClaimedJob, JobHandler } from '@platform/service-kit';
import { EXPIRE_SUBSCRIPTION_JOB } from '../subscription/subscription.stream';
import { SubscriptionFlowsService } from './subscription-flows.service';

/** A subscription still not authorized at expire_by expires (and its authorization invoice is cancelled). */
@Injectable()
@DueJobHandler()
export class ExpireSubscriptionJob implements JobHandler {
  readonly kind = EXPIRE_SUBSCRIPTION_JOB;

  constructor(private readonly flows: SubscriptionFlowsService) {}

  async run(job: ClaimedJob): Promise<void> {
    await this.flows.end(jobMetadata(job), job.streamId, {
      type: 'ExpireSubscription',
      data: { at: Number(job.payload['at']) },
    });
  }
}
