import { Module } from '@nestjs/common';
import { DisputeModule } from '../dispute/dispute.module';
import { InvoiceOrderLookup } from '../order/invoice-order-lookup';
import { MandateLookup } from '../subscription-mandate/mandate-lookup';
import { CheckoutSimulator } from './checkout-simulator';
import { SimulatorController } from './simulator.controller';

@Module({
  imports: [DisputeModule],
  controllers: [SimulatorController],
  providers: [CheckoutSimulator, InvoiceOrderLookup, MandateLookup],
  exports: [CheckoutSimulator],
})
export class SimulatorModule {}
