import { Inject, Injectable } from '@nestjs/common';
import type { SubscriptionEntity } from '@platform/contracts';
import { NotFound } from '@platform/domain-kit';
import { newId } from '@platform/domain-kit';
import type { CommandMetadata } from '@platform/domain-kit';
import { CommandHandler, Database, runFlow } from '@platform/event-store';
import type { RequestContext } from '@platform/http';
import { Clock, SERVICE_OPTIONS } from '@platform/service-kit';
import type { ServiceKitOptions } from '@platform/service-kit';
import { unbilledAddonIds } from '../addon/addon-details/addon-details.query';
import type { BillingConfig } from '../billing.config';
import { getCustomerDetails } from '../customer/customer-details/customer-details.query';
import { invoiceCustomerOf } from '../invoice/invoice-customer';
import type { CreateSubscriptionDto } from '../subscription/dtos/create-subscription.dto';
import { offerOf, planOf } from '../subscription/subscription-catalog';
import { getOfferDetails } from '../offer/offer-details/offer-details.query';
import type { AddonEntity } from '../addon/dtos/addon.response';
import type { AddonDto } from '../common/dtos/addon.dto';
import { addAddonFlow } from './add-addon.flow';
import { billCycleFlow } from './bill-cycle.flow';
import { endSubscriptionFlow } from './end-subscription.flow';
import type { EndSubscriptionInput } from './end-subscription.flow';
import { retryChargeFlow } from './retry-charge.flow';
import { createSubscriptionFlow } from './create-subscription.flow';
import { toSubscriptionEntity } from '../subscription/dtos/subscription.response';

/** The subscription use cases that write more than the subscription: its creation and its cycles. */
@Injectable()
export class SubscriptionFlowsService {
  private readonly publicBaseUrl: string;

  constructor(
    private readonly handler: CommandHandler,
    private readonly database: Database,
    private readonly clock: Clock,
    @Inject(SERVICE_OPTIONS) options: ServiceKitOptions,
  ) {
    this.publicBaseUrl = (options.config as BillingConfig).PUBLIC_BASE_URL;
  }

  async create(caller: RequestContext, dto: CreateSubscriptionDto): Promise<SubscriptionEntity> {
    const plan = await planOf(this.database, caller, dto.plan_id, 'plan_id');
    const offer =
      dto.offer_id === undefined
        ? null
        : await offerOf(this.database, caller, dto.offer_id, plan.plan.currency);
    return runFlow(this.handler, createSubscriptionFlow, {
      metadata: this.clock.metadata(caller),
      dto,
      plan,
      offer,
      ids: { subscriptionId: newId('sub'), orderId: newId('order'), invoiceId: newId('inv') },
      publicBaseUrl: this.publicBaseUrl,
    });
  }

  addAddon(caller: RequestContext, subscriptionId: string, dto: AddonDto): Promise<AddonEntity> {
    return runFlow(this.handler, addAddonFlow, {
      metadata: this.clock.metadata(caller),
      subscriptionId,
      ids: { addonId: newId('ao'), itemId: newId('item') },
      dto,
    });
  }

  cancel(caller: RequestContext, subscriptionId: string, atCycleEnd: boolean) {
    const cancel = { type: 'CancelSubscription' as const, data: { atCycleEnd } };
    return this.end(this.clock.metadata(caller), subscriptionId, cancel);
  }

  /** Cancels or expires the subscription (see endSubscriptionFlow). */
  async end(
    metadata: CommandMetadata,
    subscriptionId: string,
    end: EndSubscriptionInput['end'],
  ): Promise<SubscriptionEntity> {
    const ended = await runFlow(this.handler, endSubscriptionFlow, {
      metadata,
      subscriptionId,
      end,
      publicBaseUrl: this.publicBaseUrl,
    });
    if (ended.state.status === 'new') throw new NotFound();
    return toSubscriptionEntity(subscriptionId, ended.state, this.publicBaseUrl);
  }

  retryCharge(
    metadata: CommandMetadata,
    subscriptionId: string,
    invoiceId: string,
    attempt: number,
  ): Promise<void> {
    return runFlow(this.handler, retryChargeFlow, {
      metadata,
      subscriptionId,
      invoiceId,
      attempt,
      publicBaseUrl: this.publicBaseUrl,
    });
  }

  billCycle(metadata: CommandMetadata, subscriptionId: string, at: number): Promise<void> {
    const db = this.database;
    return runFlow(this.handler, billCycleFlow, {
      metadata,
      subscriptionId,
      at,
      ids: { invoiceId: newId('inv'), orderId: newId('order') },
      publicBaseUrl: this.publicBaseUrl,
      lookups: {
        customer: async (customerId) => {
          const row =
            customerId === null ? null : await getCustomerDetails(db, metadata, customerId);
          return row ? invoiceCustomerOf(row.id, row) : null;
        },
        planName: async (planId) =>
          (await planOf(db, metadata, planId, 'plan_id').catch(() => null))?.planName ?? null,
        unbilledAddonIds: () => unbilledAddonIds(db, metadata, subscriptionId),
        offer: async (offerId) => {
          const row = await getOfferDetails(db, metadata, offerId);
          return row ? { offerId: row.id, name: row.terms.name, terms: row.terms } : null;
        },
      },
    });
  }
}
