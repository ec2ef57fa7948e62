import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { Caller } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { CatchUp } from '@platform/service-kit';
import { CreateOndemandSettlementDto } from '../ondemand-settlement/dtos/create-ondemand-settlement.dto';
import type { OndemandSettlementEntity } from '../ondemand-settlement/dtos/ondemand-settlement.response';
import { SettlementFlowsService } from './settlement-flows.service';

/** The on-demand settlement route that writes the balance too: it runs a flow. */
@Controller('v1/settlements/ondemand')
export class OndemandSettlementFlowsController {
  constructor(private readonly flows: SettlementFlowsService) {}

  /** Caught up first: the balance counts every capture, refund and dispute the caller has seen made. */
  @CatchUp()
  @Post()
  @HttpCode(200)
  create(
    @Caller() caller: RequestContext,
    @Body() body: CreateOndemandSettlementDto,
  ): Promise<OndemandSettlementEntity> {
    return this.flows.requestOndemand(caller, body);
  }
}
