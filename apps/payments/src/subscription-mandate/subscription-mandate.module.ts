import { Module } from '@nestjs/common';
import { SimulatorModule } from '../simulator/simulator.module';
import { OnChargeRequestedConsumer } from './on-charge-requested.consumer';
import { OnSubscriptionCreatedConsumer } from './on-subscription-created.consumer';
import { SubscriptionChargesController } from './subscription-charges.controller';
import { SubscriptionMandateService } from './subscription-mandate.service';

/** What payments does for billing's subscriptions: their authorization, saved card and automatic charges. */
@Module({
  imports: [SimulatorModule],
  controllers: [
    SubscriptionChargesController,
    OnSubscriptionCreatedConsumer,
    OnChargeRequestedConsumer,
  ],
  providers: [SubscriptionMandateService],
})
export class SubscriptionMandateModule {}
