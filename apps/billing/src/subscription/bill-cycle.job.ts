import { Injectable } from '@nestjs/common';
import { DueJobHandler, jobMetadata } from '@platform/service-kit';
import type { ClaimedJob, JobHandler } from '@platform/service-kit';
import { SubscriptionCommands } from './subscription-commands';
import { InvoiceNotifier } from '../invoice/notification/invoice-notifier';
import { subscriptionPageUrl } from './dtos/subscription.response';
import {
  BILL_CYCLE_JOB,
  EXPIRE_SUBSCRIPTION_JOB,
  NOTIFY_LINK_JOB,
  RETRY_CHARGE_JOB,
} from './subscription.stream';

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
    return this.commands.retryCharge(
      jobMetadata(job),
      job.streamId,
      String(job.payload['invoiceId']),
      Number(job.payload['attempt']),
    );
  }
}

/** A subscription still not authorized at expire_by expires (and its authorization invoice is cancelled). */
@Injectable()
@DueJobHandler()
export class ExpireSubscriptionJob implements JobHandler {
  readonly kind = EXPIRE_SUBSCRIPTION_JOB;

  constructor(private readonly commands: SubscriptionCommands) {}

  async run(job: ClaimedJob): Promise<void> {
    await this.commands.ending(jobMetadata(job), job.streamId, {
      type: 'ExpireSubscription',
      data: { at: Number(job.payload['at']) },
    });
  }
}

/** A subscription link's short_url, sent to notify_info's e-mail and phone through the notification port. */
@Injectable()
@DueJobHandler()
export class NotifyLinkJob implements JobHandler {
  readonly kind = NOTIFY_LINK_JOB;

  constructor(
    private readonly notifier: InvoiceNotifier,
    private readonly commands: SubscriptionCommands,
  ) {}

  async run(job: ClaimedJob): Promise<void> {
    const medium = job.payload['medium'] === 'sms' ? 'sms' : 'email';
    const url = subscriptionPageUrl(this.commands.publicBaseUrl, job.streamId);
    await this.notifier.send({
      subscriptionId: job.streamId,
      medium,
      to: String(job.payload['to']),
      subject: 'Authorize your subscription',
      text: `Authorize your subscription at ${url}`,
    });
  }
}
