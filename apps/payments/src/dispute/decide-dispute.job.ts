import { Injectable } from '@nestjs/common';
import { CommandHandler } from '@platform/event-store';
import { DueJobHandler, jobMetadata } from '@platform/service-kit';
import type { ClaimedJob, JobHandler } from '@platform/service-kit';
import { DECIDE_DISPUTE_JOB, onDispute } from './dispute.stream';

/** The bank's decision on a submitted contest, 3 days after the submission (see the dispute decider's rule). */
@Injectable()
@DueJobHandler()
export class DecideDisputeJob implements JobHandler {
  readonly kind = DECIDE_DISPUTE_JOB;

  constructor(private readonly handler: CommandHandler) {}

  async run(job: ClaimedJob): Promise<void> {
    await this.handler.handle(
      onDispute(job.streamId, { type: 'DecideDispute', data: {}, metadata: jobMetadata(job) }),
    );
  }
}
