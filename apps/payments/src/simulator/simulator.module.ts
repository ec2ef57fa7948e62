import { Module } from '@nestjs/common';
import { CheckoutSimulator } from './checkout-simulator';
import { SimulatorController } from './simulator.controller';

@Module({ controllers: [SimulatorController], providers: [CheckoutSimulator], exports: [CheckoutSimulator] })
export class SimulatorModule {}
