import { Injectable, Logger } from '@nestjs/common';
import { Database } from '@platform/event-store';
import { Notifier } from '@platform/notification';
import { DueJobHandler, jobMetadata } from '@platform/service-kit';
import type { ClaimedJob, JobHandler } from '@platform/service-kit';
import { getCustomerDetails } from '../customer/customer-details/customer-details.query';
import { subscriptionPageUrl } from './dtos/subscription.response';
import { getSubscriptionDetails } from './subscription-details/subscription-details.query';
import { changeNotice } from './subscription-change-notice';
import type { SubscriptionChange } from './subscription.events';
import { SubscriptionService } from './subscription.service';
import { NOTIFY_CHANGE_JOB } from './subscription.stream';

/**
 * Tells the customer of a change (customer_notify on) through the notification port: to notify_info's
 * e-mail and phone when the subscription has them (a link), else to its customer's.
 */
@Injectable()
@DueJobHandler()
export class NotifyChangeJob implements JobHandler {
  readonly kind = NOTIFY_CHANGE_JOB;
  private readonly logger = new Logger(NotifyChangeJob.name);

  constructor(
    private readonly notifier: Notifier,
    private readonly database: Database,
    private readonly subscriptions: SubscriptionService,
  ) {}

  async run(job: ClaimedJob): Promise<void> {
    const { email, phone } = await this.addressesOf(job);
    if (!email && !phone) {
      this.logger.warn({ msg: 'change not notified: no address', subscriptionId: job.streamId });
      return;
    }
    const { subject, text } = changeNotice(
      job.streamId,
      job.payload['change'] as SubscriptionChange,
      (job.payload['appliesAt'] as number | null) ?? null,
    );
    const url = subscriptionPageUrl(this.subscriptions.publicBaseUrl, job.streamId);
    const message = {
      about: { subscriptionId: job.streamId },
      subject,
      text: `${text} See ${url}`,
    };
    if (email) await this.notifier.send({ ...message, medium: 'email', to: email });
    if (phone) await this.notifier.send({ ...message, medium: 'sms', to: phone });
  }

  private async addressesOf(job: ClaimedJob) {
    const metadata = jobMetadata(job);
    const row = await getSubscriptionDetails(this.database, metadata, job.streamId);
    if (!row) return { email: null, phone: null };
    const { notifyInfo } = row.state.terms;
    const { customerId } = row.state;
    const customer = customerId
      ? await getCustomerDetails(this.database, metadata, customerId)
      : null;
    return {
      email: notifyInfo?.notifyEmail ?? customer?.email ?? null,
      phone: notifyInfo?.notifyPhone ?? customer?.contact ?? null,
    };
  }
}
