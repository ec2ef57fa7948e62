import { Module } from '@nestjs/common';
import { PaymentSettlementController } from './payment-settlement.controller';
import { ProcessSettlementJob } from './process-settlement.job';
import { SettlementCycleJob } from './settlement-cycle.job';
import { SettlementController } from './settlement.controller';
import { SettlementService } from './settlement.service';

@Module({
  controllers: [SettlementController, PaymentSettlementController],
  providers: [SettlementService, SettlementCycleJob, ProcessSettlementJob],
})
export class SettlementModule {}
