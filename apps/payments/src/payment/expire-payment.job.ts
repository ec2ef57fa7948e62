import { Injectable } from '@nestjs/common';
import { CommandHandler } from '@platform/event-store';
import { DueJobHandler, jobMetadata } from '@platform/service-kit';
import type { ClaimedJob, JobHandler } from '@platform/service-kit';
import { EXPIRE_PAYMENT_JOB, onPayment } from './payment.stream';

/**
 * A `created` payment whose customer never answered its challenge fails 15 minutes after its
 * creation, on the account's clock (`payment_timed_out`, published as `payment.failed`). A payment
 * answered meanwhile is left as it is.
 */
@Injectable()
@DueJobHandler()
export class ExpirePaymentJob implements JobHandler {
  readonly kind = EXPIRE_PAYMENT_JOB;

  constructor(private readonly handler: CommandHandler) {}

  async run(job: ClaimedJob): Promise<void> {
    await this.handler.handle(
      onPayment(job.streamId, {
        type: 'ExpirePayment',
        data: { paymentId: job.streamId },
        metadata: jobMetadata(job),
      }),
    );
  }
}
