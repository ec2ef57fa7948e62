import { Injectable } from '@nestjs/common';
import type { PlanEntity } from '@platform/contracts';
import { newId } from '@platform/domain-kit';
import { CommandHandler, orNotFound } from '@platform/event-store';
import { DEFAULT_CURRENCY, normalizeNotes } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { Clock } from '@platform/service-kit';
import type { CreatePlanDto } from './dtos/create-plan.dto';
import { toPlanEntity } from './dtos/plan.response';
import { planDetailsProjection } from './plan-details/plan-details.projection';
import { onPlan } from './plan.stream';

/** The plan use cases: the edge's input becomes a command for the plan decider. */
@Injectable()
export class PlanService {
  constructor(
    private readonly handler: CommandHandler,
    private readonly clock: Clock,
  ) {}

  async create(caller: RequestContext, dto: CreatePlanDto): Promise<PlanEntity> {
    const planId = newId('plan');
    const item = {
      id: newId('item'),
      name: dto.item.name,
      description: dto.item.description ?? null,
      amount: dto.item.amount,
      currency: dto.item.currency ?? DEFAULT_CURRENCY,
    };
    const terms = {
      item,
      period: dto.period,
      interval: dto.interval,
      notes: normalizeNotes(dto.notes),
    };
    const { stream } = await this.handler.handle(
      onPlan(
        planId,
        { type: 'CreatePlan', data: { planId, terms }, metadata: this.clock.metadata(caller) },
        true,
      ),
    );
    const row = orNotFound(planDetailsProjection.view(stream));
    return toPlanEntity(row);
  }
}
