import { Inject, Injectable } from '@nestjs/common';
import type { SubscriptionAuthorizationEntity } from '@platform/contracts';
import { IllegalTransition, ValidationFailed } from '@platform/domain-kit';
import type { CommandMetadata } from '@platform/domain-kit';
import { CommandHandler, Database } from '@platform/event-store';
import { askOwner } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { SERVICE_OPTIONS } from '@platform/service-kit';
import type { ServiceKitOptions } from '@platform/service-kit';
import type { PaymentsConfig } from '../payments.config';
import { openMandate } from './open-mandate';
import { findMandate } from './subscription-mandate';
import type { SubscriptionMandate } from './subscription-mandate';

export const SUBSCRIPTION_UNKNOWN =
  'The id provided does not exist (or the subscription is not known to payments yet)';

/**
 * A subscription's mandate, while it still awaits its authorization payment. Payments records it
 * when `subscription.created` arrives; a subscription authorized before that (created and paid at
 * once) is asked of billing, its owner (`GET /internal/subscriptions/:id/authorization`, as the
 * caller's account and mode, answering what the event carries), and recorded here exactly as the
 * event would record it.
 */
@Injectable()
export class MandateLookup {
  constructor(
    private readonly handler: CommandHandler,
    private readonly database: Database,
    @Inject(SERVICE_OPTIONS) private readonly options: ServiceKitOptions,
  ) {}

  async authorizable(
    caller: RequestContext,
    subscriptionId: string,
    metadata: CommandMetadata,
  ): Promise<SubscriptionMandate> {
    const mandate = await this.find(caller, subscriptionId, metadata);
    if (!mandate) throw new ValidationFailed(SUBSCRIPTION_UNKNOWN, 'subscription_id');
    if (mandate.token) throw new IllegalTransition('The subscription is already authorized.');
    return mandate;
  }

  /** The subscription's mandate, authorized or not (asked of billing if not known yet); null: none. */
  async find(
    caller: RequestContext,
    subscriptionId: string,
    metadata: CommandMetadata,
  ): Promise<SubscriptionMandate | null> {
    return (
      (await findMandate(this.database, caller, subscriptionId)) ??
      (await this.fromBilling(caller, subscriptionId, metadata))
    );
  }

  private async fromBilling(
    caller: RequestContext,
    subscriptionId: string,
    metadata: CommandMetadata,
  ): Promise<SubscriptionMandate | null> {
    const config = this.options.config as PaymentsConfig;
    const path = `/internal/subscriptions/${encodeURIComponent(subscriptionId)}/authorization`;
    const answer = await askOwner<{ authorization: SubscriptionAuthorizationEntity }>({
      baseUrl: config.BILLING_URL,
      path,
      internalToken: config.INTERNAL_TOKEN,
      caller,
      what: `subscription ${subscriptionId}`,
    });
    if (!answer) return null;
    await openMandate(
      this.handler,
      this.database,
      { subscriptionId, authorization: answer.authorization },
      metadata,
    );
    return findMandate(this.database, caller, subscriptionId);
  }
}
