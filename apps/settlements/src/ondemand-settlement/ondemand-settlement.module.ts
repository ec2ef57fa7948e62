import { Module } from '@nestjs/common';
import { OndemandSettlementController } from './ondemand-settlement.controller';

@Module({
  controllers: [OndemandSettlementController],
})
export class OndemandSettlementModule {}
