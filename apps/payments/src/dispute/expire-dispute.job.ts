import { Injectable } from '@nestjs/common';
import { CommandHandler } from '@platform/event-store';
import { DueJobHandler, jobMetadata } from '@platform/service-kit';
import type { ClaimedJob, JobHandler } from '@platform/service-kit';
import { EXPIRE_DISPUTE_JOB, onDispute } from './dispute.stream';

/** respond_by passed: an open dispute nobody answered is lost (one answered in time is left alone). */
@Injectable()
@DueJobHandler()
export class ExpireDisputeJob implements JobHandler {
  readonly kind = EXPIRE_DISPUTE_JOB;

  constructor(private readonly handler: CommandHandler) {}

  async run(job: ClaimedJob): Promise<void> {
    await this.handler.handle(
      onDispute(job.streamId, { type: 'ExpireDispute', data: {}, metadata: jobMetadata(job) }),
    );
  }
}
