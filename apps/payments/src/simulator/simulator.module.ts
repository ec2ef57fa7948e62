import { Module } from '@nestjs/common';
import { CheckoutModule } from '../checkout/checkout.module';
import { CustomerLookup } from '../customer-directory/customer-lookup';
import { SimulatorController } from './simulator.controller';
import { SimulatorService } from './simulator.service';

@Module({
  imports: [CheckoutModule],
  controllers: [SimulatorController],
  providers: [SimulatorService, CustomerLookup],
  exports: [SimulatorService],
})
export class SimulatorModule {}
