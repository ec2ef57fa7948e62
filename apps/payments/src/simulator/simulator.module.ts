import { Module } from '@nestjs/common';
import { CustomerLookup } from '../customer-directory/customer-lookup';
import { DisputeModule } from '../dispute/dispute.module';
import { InvoiceOrderLookup } from '../order/invoice-order-lookup';
import { MandateLookup } from '../subscription-mandate/mandate-lookup';
import { SimulatorController } from './simulator.controller';
import { SimulatorService } from './simulator.service';

@Module({
  imports: [DisputeModule],
  controllers: [SimulatorController],
  providers: [SimulatorService, InvoiceOrderLookup, MandateLookup, CustomerLookup],
  exports: [SimulatorService],
})
export class SimulatorModule {}
