import { Injectable } from '@nestjs/common';
import { newId } from '@platform/domain-kit';
import { CommandHandler, runFlow } from '@platform/event-store';
import { DueJobHandler, jobMetadata } from '@platform/service-kit';
import type { ClaimedJob, JobHandler } from '@platform/service-kit';
import { AUTO_REFUND_JOB } from '../payment/payment.stream';
import { refundPaymentFlow } from './refund-payment.flow';

/**
 * When an authorized payment's capture window ends (3 days after creation, on the account's clock),
 * it is refunded in full: a refund entity, `refund.created`, then `refund.processed` once processed.
 * A payment captured in the meantime is left alone.
 */
@Injectable()
@DueJobHandler()
export class AutoRefundJob implements JobHandler {
  readonly kind = AUTO_REFUND_JOB;

  constructor(private readonly handler: CommandHandler) {}

  async run(job: ClaimedJob): Promise<void> {
    await runFlow(this.handler, refundPaymentFlow, {
      metadata: jobMetadata(job),
      paymentId: job.streamId,
      refundId: newId('rfnd'),
      amount: null,
      speed: 'optimum',
      notes: {},
      receipt: null,
      automatic: true,
    });
  }
}
