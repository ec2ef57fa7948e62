import { Injectable } from '@nestjs/common';
import { CommandHandler, Database } from '@platform/event-store';
import { DueJobHandler, jobMetadata } from '@platform/service-kit';
import type { ClaimedJob, JobHandler } from '@platform/service-kit';
import { AcquirerDirectory } from '../acquirer/acquirer-directory';
import { getRefundDetails } from './refund-details/refund-details.query';
import { onRefund, PROCESS_REFUND_JOB } from './refund.stream';

/**
 * A pending refund reaches the bank when due (optimum: at once; normal: after 5 days): the acquirer
 * of its mode sends the money back (keyed by the refund's id, so a job run twice refunds once) and
 * its reference (`arn`) is recorded as the refund becomes `processed`.
 */
@Injectable()
@DueJobHandler()
export class ProcessRefundJob implements JobHandler {
  readonly kind = PROCESS_REFUND_JOB;

  constructor(
    private readonly handler: CommandHandler,
    private readonly database: Database,
    private readonly acquirers: AcquirerDirectory,
  ) {}

  async run(job: ClaimedJob): Promise<void> {
    const metadata = jobMetadata(job);
    const refund = await getRefundDetails(this.database, metadata, job.streamId);
    if (refund?.status !== 'pending') return;
    const { arn } = await this.acquirers.of(job.mode).refund({
      refundId: refund.id,
      paymentId: refund.paymentId,
      amount: refund.amount,
      currency: refund.currency,
    });
    if (!arn) throw new Error(`the acquirer gave refund ${refund.id} no arn`);
    await this.handler.handle(
      onRefund(job.streamId, { type: 'ProcessRefund', data: { arn }, metadata }),
    );
  }
}
