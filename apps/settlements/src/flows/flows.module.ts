import { Module } from '@nestjs/common';
import { OndemandSettlementFlowsController } from './ondemand-settlement-flows.controller';
import { ProcessOndemandSettlementJob } from './process-ondemand-settlement.job';
import { ProcessSettlementJob } from './process-settlement.job';
import { SettlementCycleJob } from './settlement-cycle.job';
import { SettlementFlowsService } from './settlement-flows.service';

/** The use cases that write more than one stream, with the routes and jobs that start them. */
@Module({
  controllers: [OndemandSettlementFlowsController],
  providers: [
    SettlementFlowsService,
    SettlementCycleJob,
    ProcessSettlementJob,
    ProcessOndemandSettlementJob,
  ],
})
export class FlowsModule {}
