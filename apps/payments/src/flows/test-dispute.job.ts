import { Injectable } from '@nestjs/common';
import { IllegalTransition, newId } from '@platform/domain-kit';
import { CommandHandler, runFlow } from '@platform/event-store';
import { DueJobHandler, jobMetadata } from '@platform/service-kit';
import type { ClaimedJob, JobHandler } from '@platform/service-kit';
import { TEST_DISPUTE_JOB } from '../payment/payment.stream';
import { bankCaseNumber, raiseDisputeFlow } from './raise-dispute.flow';

/**
 * The dispute test card (4000 0000 0000 0259): once its payment is captured, the bank disputes all of
 * it (product_not_received, chargeback). A payment refunded in full meanwhile has nothing to dispute.
 */
@Injectable()
@DueJobHandler()
export class TestDisputeJob implements JobHandler {
  readonly kind = TEST_DISPUTE_JOB;

  constructor(private readonly handler: CommandHandler) {}

  async run(job: ClaimedJob): Promise<void> {
    try {
      await runFlow(this.handler, raiseDisputeFlow, {
        metadata: jobMetadata(job),
        paymentId: job.streamId,
        disputeId: newId('disp'),
        gatewayDisputeId: bankCaseNumber(),
        amount: null,
        reasonCode: 'product_not_received',
        phase: 'chargeback',
      });
    } catch (error) {
      if (!(error instanceof IllegalTransition)) throw error;
    }
  }
}
