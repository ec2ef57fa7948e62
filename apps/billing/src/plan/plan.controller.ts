import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { PlanEntity } from '@platform/contracts';
import { Database, orNotFound } from '@platform/event-store';
import { Caller, EntityIdParam, ListQuery, toCollection } from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { CreatePlanDto } from './dtos/create-plan.dto';
import { toPlanEntity } from './dtos/plan.response';
import { getPlanDetails, listPlanDetails } from './plan-details/plan-details.query';
import { PlanService } from './plan.service';

@ApiTags('Plans')
@Controller('v1/plans')
export class PlanController {
  constructor(
    private readonly plans: PlanService,
    private readonly database: Database,
  ) {}

  /**
   * Create a plan
   *
   * @returns The plan
   */
  @Post()
  @HttpCode(200)
  createPlan(@Caller() caller: RequestContext, @Body() body: CreatePlanDto): Promise<PlanEntity> {
    return this.plans.create(caller, body);
  }

  /**
   * List plans, newest first
   *
   * @returns A page of plans
   */
  @Get()
  async listPlans(
    @Caller() caller: RequestContext,
    @Query() query: ListQuery,
  ): Promise<Collection<PlanEntity>> {
    return toCollection((await listPlanDetails(this.database, caller, query)).map(toPlanEntity));
  }

  /**
   * Fetch a plan
   *
   * @returns The plan
   */
  @EntityIdParam('plan', 'plan')
  @Get(':id')
  async fetchPlan(@Caller() caller: RequestContext, @Param('id') id: string): Promise<PlanEntity> {
    const row = orNotFound(await getPlanDetails(this.database, caller, id));
    return toPlanEntity(row);
  }
}
