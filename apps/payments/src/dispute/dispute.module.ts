import { Module } from '@nestjs/common';
import { SettlementDirectoryModule } from '../settlement-directory/settlement-directory.module';
import { DecideDisputeJob } from './decide-dispute.job';
import { DisputeController } from './dispute.controller';
import { DisputeService } from './dispute.service';
import { ExpireDisputeJob } from './expire-dispute.job';

@Module({
  imports: [SettlementDirectoryModule],
  controllers: [DisputeController],
  providers: [DisputeService, ExpireDisputeJob, DecideDisputeJob],
})
export class DisputeModule {}
