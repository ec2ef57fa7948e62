import { Module } from '@nestjs/common';
import { PaymentSettlementController } from './payment-settlement.controller';
import { SettlementController } from './settlement.controller';

@Module({
  controllers: [SettlementController, PaymentSettlementController],
})
export class SettlementModule {}
