import { Controller, Get, Param } from '@nestjs/common';
import type { SubscriptionAuthorizationEntity, SubscriptionEntity } from '@platform/contracts';
import { Database, orNotFound } from '@platform/event-store';
import { Caller } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { toSubscriptionEntity } from './dtos/subscription.response';
import { SubscriptionService } from './subscription.service';
import { getSubscriptionDetails } from './subscription-details/subscription-details.query';
import { authorizationOf } from './subscription.integration';

/** What `subscription.created` carries, as this answers it. */
export interface SubscriptionAuthorizationAnswer {
  subscription: SubscriptionEntity;
  authorization: SubscriptionAuthorizationEntity;
}

/**
 * For payments, asked about a subscription whose `subscription.created` has not reached it yet (an
 * authorization paid right after the subscription was created): the same subscription and
 * authorization the event carries. Internal (the gateway does not route it); scoped to the caller's
 * account and mode like the public routes, so another account's id is unknown (400).
 */
@Controller('internal/subscriptions')
export class SubscriptionAuthorizationController {
  constructor(
    private readonly database: Database,
    private readonly subscriptions: SubscriptionService,
  ) {}

  @Get(':id/authorization')
  async authorization(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
  ): Promise<SubscriptionAuthorizationAnswer> {
    const row = orNotFound(await getSubscriptionDetails(this.database, caller, id));
    return {
      subscription: toSubscriptionEntity(row.id, row.state, this.subscriptions.publicBaseUrl),
      authorization: authorizationOf(row.state),
    };
  }
}
