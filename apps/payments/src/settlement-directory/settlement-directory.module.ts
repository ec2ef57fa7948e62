import { Module } from '@nestjs/common';
import { OnSettlementProcessedConsumer } from './on-settlement-processed.consumer';
import { PaymentSettlementLookup } from './payment-settlement-lookup';

@Module({
  controllers: [OnSettlementProcessedConsumer],
  providers: [PaymentSettlementLookup],
  exports: [PaymentSettlementLookup],
})
export class SettlementDirectoryModule {}
