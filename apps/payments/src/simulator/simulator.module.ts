import { Module } from '@nestjs/common';
import { CustomerLookup } from '../customer-directory/customer-lookup';
import { InvoiceOrderLookup } from '../order/invoice-order-lookup';
import { MandateLookup } from '../subscription-mandate/mandate-lookup';
import { SimulatorController } from './simulator.controller';
import { SimulatorService } from './simulator.service';

@Module({
  controllers: [SimulatorController],
  providers: [SimulatorService, InvoiceOrderLookup, MandateLookup, CustomerLookup],
  exports: [SimulatorService],
})
export class SimulatorModule {}
