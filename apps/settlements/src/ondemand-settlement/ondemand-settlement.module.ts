import { Module } from '@nestjs/common';
import { OndemandSettlementController } from './ondemand-settlement.controller';
import { OndemandSettlementService } from './ondemand-settlement.service';
import { ProcessOndemandSettlementJob } from './process-ondemand-settlement.job';

@Module({
  controllers: [OndemandSettlementController],
  providers: [OndemandSettlementService, ProcessOndemandSettlementJob],
})
export class OndemandSettlementModule {}
