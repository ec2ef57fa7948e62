import { Module } from '@nestjs/common';
import { DecideDisputeJob, ExpireDisputeJob } from './dispute-deadline.jobs';
import { DisputeController } from './dispute.controller';
import { TestDisputeJob } from './test-dispute.job';

@Module({ controllers: [DisputeController], providers: [ExpireDisputeJob, DecideDisputeJob, TestDisputeJob] })
export class DisputeModule {}
