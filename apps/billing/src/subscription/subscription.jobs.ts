import { Injectable } from '@nestjs/common';
import { DueJobHandler, jobMetadata } from '@platform/service-kit';
import type { ClaimedJob, JobHandler } from '@platform/service-kit';
import { SubscriptionCommands } from './subscription-commands';
import { BILL_CYCLE_JOB, EXPIRE_SUBSCRIPTION_JOB, RETRY_CHARGE_JOB } from './subscription.stream';

/** At charge_at (account clock): the cycle ends and the next one is billed and charged. */
@Injectable()
@DueJobHandler()
export class BillCycleJob implements JobHandler {
  readonly kind = BILL_CYCLE_JOB;

  constructor(private readonly commands: SubscriptionCommands) {}

  run(job: ClaimedJob): Promise<void> {
    return this.commands.billCycle(jobMetadata(job), job.streamId, Number(job.payload['at']));
  }
}

/** A failed cycle charge is tried again on the retry schedule (charge-retries.ts). */
@Injectable()
@DueJobHandler()
export class RetryChargeJob implements JobHandler {
  readonly kind = RETRY_CHARGE_JOB;

  constructor(private readonly commands: SubscriptionCommands) {}

  run(job: ClaimedJob): Promise<void> {
    return this.commands.retryCharge(jobMetadata(job), job.streamId, String(job.payload['invoiceId']), Number(job.payload['attempt']));
  }
}

/** A subscription still not authorized at expire_by expires (and its authorization invoice is cancelled). */
@Injectable()
@DueJobHandler()
export class ExpireSubscriptionJob implements JobHandler {
  readonly kind = EXPIRE_SUBSCRIPTION_JOB;

  constructor(private readonly commands: SubscriptionCommands) {}

  async run(job: ClaimedJob): Promise<void> {
    await this.commands.ending(jobMetadata(job), job.streamId, { type: 'ExpireSubscription', data: { at: Number(job.payload['at']) } });
  }
}
