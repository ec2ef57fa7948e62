import { Inject, Injectable } from '@nestjs/common';
import type { SubscriptionEntity } from '@platform/contracts';
import { NotFound } from '@platform/domain-kit';
import { CommandHandler, Database, orNotFound } from '@platform/event-store';
import type { CommandResult } from '@platform/event-store';
import { normalizeNotes } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { Clock, SERVICE_OPTIONS } from '@platform/service-kit';
import type { ServiceKitOptions } from '@platform/service-kit';
import type { BillingConfig } from '../billing.config';
import { getSubscriptionDetails } from './subscription-details/subscription-details.query';
import type { UpdateSubscriptionDto } from './dtos/update-subscription.dto';
import { toSubscriptionEntity } from './dtos/subscription.response';
import type { UnstampedSubscriptionCommand } from './subscription.commands';
import { withScheduledChange } from './subscription-change';
import type { LiveSubscription, Subscription } from './subscription.decider';
import type { SubscriptionChange, SubscriptionEvent } from './subscription.events';
import { offerOf, planOf } from './subscription-catalog';
import { onSubscription } from './subscription.stream';

/** The subscription use cases: the edge's input, the timers and the payments service's events become commands. */
@Injectable()
export class SubscriptionService {
  readonly publicBaseUrl: string;

  constructor(
    private readonly handler: CommandHandler,
    private readonly database: Database,
    private readonly clock: Clock,
    @Inject(SERVICE_OPTIONS) options: ServiceKitOptions,
  ) {
    this.publicBaseUrl = (options.config as BillingConfig).PUBLIC_BASE_URL;
  }

  async update(
    caller: RequestContext,
    subscriptionId: string,
    dto: UpdateSubscriptionDto,
  ): Promise<SubscriptionEntity> {
    const current = orNotFound(await getSubscriptionDetails(this.database, caller, subscriptionId));
    const change: SubscriptionChange = {
      ...(dto.offer_id !== undefined && {
        offerId: (
          await offerOf(this.database, caller, dto.offer_id, current.state.terms.plan.currency)
        ).offerId,
      }),
      ...(dto.plan_id !== undefined && {
        plan: (await planOf(this.database, caller, dto.plan_id, 'plan_id')).plan,
      }),
      ...(dto.quantity !== undefined && { quantity: dto.quantity }),
      ...(dto.remaining_count !== undefined && { remainingCount: dto.remaining_count }),
      ...(dto.start_at !== undefined && { startAt: dto.start_at * 1000 }),
      ...(dto.total_count !== undefined && { totalCount: dto.total_count }),
    };
    return this.run(caller, subscriptionId, {
      type: 'UpdateSubscription',
      data: {
        change,
        scheduleChangeAt: dto.schedule_change_at ?? 'now',
        customerNotify: dto.customer_notify,
        notes: dto.notes === undefined ? undefined : normalizeNotes(dto.notes),
      },
    });
  }

  /** A command on the subscription alone (cancel and expiry, which may end it unauthorized: flows/). */
  async run(
    caller: RequestContext,
    subscriptionId: string,
    command: UnstampedSubscriptionCommand,
  ): Promise<SubscriptionEntity> {
    const metadata = this.clock.metadata(caller);
    return this.entity(
      subscriptionId,
      await this.handler.handle(
        onSubscription(subscriptionId, { ...command, metadata }, this.publicBaseUrl),
      ),
    );
  }

  /** The subscription as it will look once its scheduled change applies. */
  pending(subscription: LiveSubscription, id: string): SubscriptionEntity {
    return toSubscriptionEntity(id, withScheduledChange(subscription), this.publicBaseUrl);
  }

  entity(
    subscriptionId: string,
    result: CommandResult<Subscription, SubscriptionEvent>,
  ): SubscriptionEntity {
    if (result.state.status === 'new') throw new NotFound();
    return toSubscriptionEntity(subscriptionId, result.state, this.publicBaseUrl);
  }
}
