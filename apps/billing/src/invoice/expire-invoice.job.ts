import { Injectable } from '@nestjs/common';
import { CommandHandler } from '@platform/event-store';
import { DueJobHandler, jobMetadata } from '@platform/service-kit';
import type { ClaimedJob, JobHandler } from '@platform/service-kit';
import { InvoiceService } from './invoice.service';
import { EXPIRE_INVOICE_JOB, onInvoice } from './invoice.stream';

/** An issued invoice still unpaid at expire_by (account clock) expires; its order closes in payments. */
@Injectable()
@DueJobHandler()
export class ExpireInvoiceJob implements JobHandler {
  readonly kind = EXPIRE_INVOICE_JOB;

  constructor(
    private readonly handler: CommandHandler,
    private readonly invoices: InvoiceService,
  ) {}

  async run(job: ClaimedJob): Promise<void> {
    const expireBy = Number(job.payload['expireBy']);
    await this.handler.handle(
      onInvoice(
        job.streamId,
        { type: 'ExpireInvoice', data: { expireBy }, metadata: jobMetadata(job) },
        this.invoices.publicBaseUrl,
      ),
    );
  }
}
