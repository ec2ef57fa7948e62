import { Injectable, Logger } from '@nestjs/common';
import { unlessRefused } from '@platform/domain-kit';
import { DueJobHandler, jobMetadata } from '@platform/service-kit';
import type { ClaimedJob, JobHandler } from '@platform/service-kit';
import { InvoiceService } from './invoice.service';
import type { NotificationMedium } from './invoice.events';
import { NOTIFY_INVOICE_JOB } from './invoice.stream';

/**
 * Sends an issued invoice by the media its sms_notify/email_notify flags ask for (status `pending`
 * until sent). A delivery failure is retried by the scheduler; an invoice no longer sendable
 * (cancelled before the job ran) is left as it is.
 */
@Injectable()
@DueJobHandler()
export class NotifyInvoiceJob implements JobHandler {
  readonly kind = NOTIFY_INVOICE_JOB;
  private readonly logger = new Logger(NotifyInvoiceJob.name);

  constructor(private readonly invoices: InvoiceService) {}

  async run(job: ClaimedJob): Promise<void> {
    await unlessRefused(
      async () => {
        await this.invoices.send(
          jobMetadata(job),
          job.streamId,
          job.payload['medium'] as NotificationMedium,
        );
      },
      (error) =>
        this.logger.warn({
          msg: 'invoice not sent',
          invoiceId: job.streamId,
          reason: error.description,
        }),
    );
  }
}
