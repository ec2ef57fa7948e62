import { Module } from '@nestjs/common';
import { BillCycleJob } from './bill-cycle.job';
import { SubscriptionFlowsController } from './subscription-flows.controller';
import { SubscriptionFlowsService } from './subscription-flows.service';

/** The use cases that write more than one stream, with the routes and jobs that start them. */
@Module({
  controllers: [SubscriptionFlowsController],
  providers: [SubscriptionFlowsService, BillCycleJob],
})
export class FlowsModule {}
