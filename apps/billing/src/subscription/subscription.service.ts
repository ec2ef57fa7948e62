import { Inject, Injectable } from '@nestjs/common';
import type { SubscriptionEntity } from '@platform/contracts';
import { NotFound } from '@platform/domain-kit';
import type { CommandMetadata } from '@platform/domain-kit';
import { CommandHandler, Database, orNotFound } from '@platform/event-store';
import type { CommandResult, CommandSpec, StreamReader } from '@platform/event-store';
import { normalizeNotes } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { Clock, SERVICE_OPTIONS } from '@platform/service-kit';
import type { ServiceKitOptions } from '@platform/service-kit';
import type { BillingConfig } from '../billing.config';
import { invoiceKind } from '../invoice/invoice.decider';
import type { Invoice } from '../invoice/invoice.decider';
import type { InvoiceCommand } from '../invoice/invoice.commands';
import type { InvoiceEvent } from '../invoice/invoice.events';
import { invoiceAt } from '../invoice/invoice.integration';
import { onInvoice } from '../invoice/invoice.stream';
import { getSubscriptionDetails } from './subscription-details/subscription-details.query';
import type { UpdateSubscriptionDto } from './dtos/update-subscription.dto';
import { toSubscriptionEntity } from './dtos/subscription.response';
import { chargeRequested } from './subscription-invoice';
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

  run(
    caller: RequestContext,
    subscriptionId: string,
    command: UnstampedSubscriptionCommand,
  ): Promise<SubscriptionEntity> {
    return this.ending(this.clock.metadata(caller), subscriptionId, command).then((result) =>
      this.entity(result),
    );
  }

  /**
   * A command on the subscription; when it ends a subscription never authorized (cancel, expiry), its
   * authorization invoice is cancelled in the same statement, so nobody can pay it any more.
   */
  async ending(
    metadata: CommandMetadata,
    subscriptionId: string,
    command: UnstampedSubscriptionCommand,
  ): Promise<CommandResult<Subscription, SubscriptionEvent>> {
    return this.handler.handle({
      scope: metadata,
      run: async (unit) => {
        const subscription = await unit.decide(
          onSubscription(subscriptionId, { ...command, metadata }, this.publicBaseUrl),
        );
        const cancel = await this.authorizationInvoiceCancelled(subscription, unit, metadata);
        if (cancel) await unit.decide(cancel);
        return subscription;
      },
    });
  }

  /** CancelInvoice for the authorization invoice still open of a subscription that just ended unauthorized, or null. */
  private async authorizationInvoiceCancelled(
    decided: CommandResult<Subscription, SubscriptionEvent>,
    reader: StreamReader,
    metadata: CommandMetadata,
  ): Promise<CommandSpec<Invoice, InvoiceCommand, InvoiceEvent> | null> {
    const ended = decided.appended.some(
      (event) => event.type === 'SubscriptionCancelled' || event.type === 'SubscriptionExpired',
    );
    if (!ended || decided.state.status === 'new') return null;
    const { authorizationPaymentId, authorization } = decided.state;
    if (authorizationPaymentId !== null || authorization.invoiceId === null) return null;
    const { state: invoice } = await reader.read(invoiceKind, authorization.invoiceId);
    if (invoice.status !== 'issued') return null;
    return onInvoice(
      authorization.invoiceId,
      { type: 'CancelInvoice', data: {}, metadata },
      this.publicBaseUrl,
    );
  }

  /** The subscription as it will look once its scheduled change applies. */
  pending(subscription: LiveSubscription, id: string): SubscriptionEntity {
    return toSubscriptionEntity(id, withScheduledChange(subscription), this.publicBaseUrl);
  }

  /** The retry timer of a failed charge: payments is asked to charge the open cycle's invoice again. */
  async retryCharge(
    metadata: CommandMetadata,
    subscriptionId: string,
    invoiceId: string,
    attempt: number,
  ): Promise<void> {
    await this.handler.handle({
      scope: metadata,
      run: async (unit) => {
        const invoice = await unit.read(invoiceKind, invoiceId);
        const subscription = await unit.decide(
          onSubscription(
            subscriptionId,
            { type: 'RetryCycleCharge', data: { invoiceId, attempt }, metadata },
            this.publicBaseUrl,
          ),
        );
        const retried = subscription.appended.find(
          (event) => event.type === 'SubscriptionChargeRetried',
        );
        if (retried?.type === 'SubscriptionChargeRetried' && invoice.stream.length > 0)
          unit.publish([
            chargeRequested(
              retried,
              invoiceAt(invoice.stream, invoice.stream.length, this.publicBaseUrl),
              retried.data.attempt,
            ),
          ]);
      },
    });
  }

  entity(result: CommandResult<Subscription, SubscriptionEvent>): SubscriptionEntity {
    if (result.state.status === 'new') throw new NotFound();
    return toSubscriptionEntity(result.stream[0].streamId, result.state, this.publicBaseUrl);
  }
}
