import { Injectable } from '@nestjs/common';
import { CommandHandler, runFlow } from '@platform/event-store';
import { DueJobHandler, jobMetadata } from '@platform/service-kit';
import type { ClaimedJob, JobHandler } from '@platform/service-kit';
import { EXPIRE_PAYMENT_LINK_JOB } from '../payment-link/payment-link.stream';
import { closePaymentLinkFlow } from './close-payment-link.flow';

/**
 * A link not paid by its expire_by (six months after its creation without one), on the account's
 * clock, expires, and its order takes no more payments. A link paid or cancelled before, or whose
 * expire_by moved later, is left as it is.
 */
@Injectable()
@DueJobHandler()
export class ExpirePaymentLinkJob implements JobHandler {
  readonly kind = EXPIRE_PAYMENT_LINK_JOB;

  constructor(private readonly handler: CommandHandler) {}

  async run(job: ClaimedJob): Promise<void> {
    await runFlow(this.handler, closePaymentLinkFlow, {
      metadata: jobMetadata(job),
      paymentLinkId: job.streamId,
      how: 'expire',
    });
  }
}
