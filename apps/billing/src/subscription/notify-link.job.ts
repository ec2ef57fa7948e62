import { Injectable } from '@nestjs/common';
import { Notifier } from '@platform/notification';
import { DueJobHandler } from '@platform/service-kit';
import type { ClaimedJob, JobHandler } from '@platform/service-kit';
import { subscriptionPageUrl } from './dtos/subscription.response';
import { SubscriptionService } from './subscription.service';
import { NOTIFY_LINK_JOB } from './subscription.stream';

/** A subscription link's short_url, sent to notify_info's e-mail and phone through the notification port. */
@Injectable()
@DueJobHandler()
export class NotifyLinkJob implements JobHandler {
  readonly kind = NOTIFY_LINK_JOB;

  constructor(
    private readonly notifier: Notifier,
    private readonly subscriptions: SubscriptionService,
  ) {}

  async run(job: ClaimedJob): Promise<void> {
    const medium = job.payload['medium'] === 'sms' ? 'sms' : 'email';
    const url = subscriptionPageUrl(this.subscriptions.publicBaseUrl, job.streamId);
    await this.notifier.send({
      about: { subscriptionId: job.streamId },
      medium,
      to: String(job.payload['to']),
      subject: 'Authorize your subscription',
      text: `Authorize your subscription at ${url}`,
    });
  }
}
