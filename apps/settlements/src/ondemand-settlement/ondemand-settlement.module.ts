import { Module } from '@nestjs/common';
import { OndemandSettlementController } from './ondemand-settlement.controller';
import { OndemandSettlements } from './ondemand-settlements';
import { ProcessOndemandSettlementJob } from './process-ondemand-settlement.job';

@Module({
  controllers: [OndemandSettlementController],
  providers: [OndemandSettlements, ProcessOndemandSettlementJob],
})
export class OndemandSettlementModule {}
