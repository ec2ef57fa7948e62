import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import type { PlanEntity } from '@platform/contracts';
import { newId, NotFound } from '@platform/domain-kit';
import { CommandHandler, Database } from '@platform/event-store';
import { Caller, DEFAULT_CURRENCY, ListQuery, normalizeNotes, toCollection } from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { Clock } from '@platform/service-kit';
import { CreatePlanDto } from './dtos/create-plan.dto';
import { toPlanEntity } from './dtos/plan.response';
import { planDetailsProjection } from './plan-details/plan-details.projection';
import { getPlanDetails, listPlanDetails } from './plan-details/plan-details.query';
import { PLAN_STREAM, planDecider } from './plan.decider';

@Controller('v1/plans')
export class PlanController {
  constructor(
    private readonly handler: CommandHandler,
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  @Post()
  @HttpCode(200)
  async create(@Caller() caller: RequestContext, @Body() body: CreatePlanDto): Promise<PlanEntity> {
    const planId = newId('plan');
    const item = {
      id: newId('item'),
      name: body.item.name,
      description: body.item.description ?? null,
      amount: body.item.amount,
      currency: body.item.currency ?? DEFAULT_CURRENCY,
    };
    const terms = {
      item,
      period: body.period,
      interval: body.interval,
      notes: normalizeNotes(body.notes),
    };
    const command = {
      type: 'CreatePlan' as const,
      data: { planId, terms },
      metadata: this.clock.metadata(caller),
    };
    const { stream } = await this.handler.handle({
      decider: planDecider,
      streamType: PLAN_STREAM,
      streamId: planId,
      command,
      isNew: true,
      projections: [planDetailsProjection],
    });
    const row = planDetailsProjection.view(stream);
    if (!row) throw new NotFound();
    return toPlanEntity(row);
  }

  @Get()
  async list(
    @Caller() caller: RequestContext,
    @Query() query: ListQuery,
  ): Promise<Collection<PlanEntity>> {
    return toCollection((await listPlanDetails(this.database, caller, query)).map(toPlanEntity));
  }

  @Get(':id')
  async fetch(@Caller() caller: RequestContext, @Param('id') id: string): Promise<PlanEntity> {
    const row = await getPlanDetails(this.database, caller, id);
    if (!row) throw new NotFound();
    return toPlanEntity(row);
  }
}
