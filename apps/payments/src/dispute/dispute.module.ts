import { Module } from '@nestjs/common';
import { SettlementDirectoryModule } from '../settlement-directory/settlement-directory.module';
import { DecideDisputeJob, ExpireDisputeJob } from './dispute-deadline.jobs';
import { DisputeController } from './dispute.controller';
import { TestDisputeJob } from './test-dispute.job';

@Module({
  imports: [SettlementDirectoryModule],
  controllers: [DisputeController],
  providers: [ExpireDisputeJob, DecideDisputeJob, TestDisputeJob],
})
export class DisputeModule {}
