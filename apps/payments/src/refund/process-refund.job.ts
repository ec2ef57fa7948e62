import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { CommandHandler } from '@platform/event-store';
import { DueJobHandler, jobMetadata } from '@platform/service-kit';
import type { ClaimedJob, JobHandler } from '@platform/service-kit';
import { onRefund, PROCESS_REFUND_JOB } from './refund.stream';

/** A pending refund reaches the bank when due (optimum: at once; normal: after 5 days): `processed`. */
@Injectable()
@DueJobHandler()
export class ProcessRefundJob implements JobHandler {
  readonly kind = PROCESS_REFUND_JOB;

  constructor(private readonly handler: CommandHandler) {}

  async run(job: ClaimedJob): Promise<void> {
    await this.handler.handle(
      onRefund(job.streamId, {
        type: 'ProcessRefund',
        data: { arn: acquirerReference() },
        metadata: jobMetadata(job),
      }),
    );
  }
}

/** A 23-digit acquirer reference number, as card networks issue for refunds. */
function acquirerReference(): string {
  return Array.from({ length: 23 }, () => randomInt(10)).join('');
}
