import { Module } from '@nestjs/common';
import { SettlementDirectoryModule } from '../settlement-directory/settlement-directory.module';
import { DecideDisputeJob } from './decide-dispute.job';
import { DisputeController } from './dispute.controller';
import { DisputeService } from './dispute.service';
import { ExpireDisputeJob } from './expire-dispute.job';
import { TestDisputeJob } from './test-dispute.job';

@Module({
  imports: [SettlementDirectoryModule],
  controllers: [DisputeController],
  providers: [DisputeService, ExpireDisputeJob, DecideDisputeJob, TestDisputeJob],
  exports: [DisputeService],
})
export class DisputeModule {}
