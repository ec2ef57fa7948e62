import { Injectable, Logger } from '@nestjs/common';
import { unlessRefused } from '@platform/domain-kit';
import { DueJobHandler, jobMetadata } from '@platform/service-kit';
import type { ClaimedJob, JobHandler } from '@platform/service-kit';
import { PaymentLinkService } from './payment-link.service';
import { NOTIFY_PAYMENT_LINK_JOB } from './payment-link.stream';

/**
 * Sends a new link by the media its `notify` asked for. A delivery failure is retried by the
 * scheduler; a link no longer sendable (paid or cancelled before the job ran) is left as it is.
 */
@Injectable()
@DueJobHandler()
export class NotifyPaymentLinkJob implements JobHandler {
  readonly kind = NOTIFY_PAYMENT_LINK_JOB;
  private readonly logger = new Logger(NotifyPaymentLinkJob.name);

  constructor(private readonly links: PaymentLinkService) {}

  async run(job: ClaimedJob): Promise<void> {
    const medium = job.payload['medium'] === 'sms' ? 'sms' : 'email';
    await unlessRefused(
      () => this.links.send(jobMetadata(job), job.streamId, medium),
      (error) =>
        this.logger.warn({
          msg: 'payment link not sent',
          paymentLinkId: job.streamId,
          reason: error.description,
        }),
    );
  }
}
