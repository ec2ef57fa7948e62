import { Inject, Injectable } from '@nestjs/common';
import type { SubscriptionEntity } from '@platform/contracts';
import { newId, NotFound, ValidationFailed } from '@platform/domain-kit';
import type { CommandMetadata } from '@platform/domain-kit';
import { CommandHandler, Database, orNotFound } from '@platform/event-store';
import type { CommandResult, CommandSpec, StreamReader } from '@platform/event-store';
import { DEFAULT_CURRENCY, normalizeNotes } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { Clock, SERVICE_OPTIONS } from '@platform/service-kit';
import type { ServiceKitOptions } from '@platform/service-kit';
import type { BillingConfig } from '../billing.config';
import { unbilledAddonIds } from '../addon/addon-details/addon-details.query';
import { addonKind } from '../addon/addon.decider';
import { onAddon } from '../addon/addon.stream';
import { getCustomerDetails } from '../customer/customer-details/customer-details.query';
import { invoiceKind } from '../invoice/invoice.decider';
import type { Invoice } from '../invoice/invoice.decider';
import type { InvoiceCommand } from '../invoice/invoice.commands';
import type { InvoiceCustomer, InvoiceEvent } from '../invoice/invoice.events';
import { invoiceCustomerOf } from '../invoice/invoice-customer';
import { invoiceAt } from '../invoice/invoice.integration';
import { onInvoice } from '../invoice/invoice.stream';
import { invoiceTotals } from '../invoice/invoice-amounts';
import { getOfferDetails } from '../offer/offer-details/offer-details.query';
import type { OfferTerms } from '../offer/offer.events';
import { getPlanDetails } from '../plan/plan-details/plan-details.query';
import { getSubscriptionDetails } from './subscription-details/subscription-details.query';
import type { CreateSubscriptionDto } from './dtos/create-subscription.dto';
import type { UpdateSubscriptionDto } from './dtos/update-subscription.dto';
import { toSubscriptionEntity } from './dtos/subscription.response';
import {
  chargeRequested,
  subscriptionInvoiceTerms,
  upfrontAddonsInvoiceTerms,
} from './subscription-invoice';
import type { UpfrontAddon } from './subscription-invoice';
import type { UnstampedSubscriptionCommand } from './subscription.commands';
import { withScheduledChange } from './subscription-change';
import { upcomingCycle } from './subscription-cycle';
import { subscriptionKind } from './subscription.decider';
import type { LiveSubscription, Subscription } from './subscription.decider';
import type {
  SubscriptionChange,
  SubscriptionEvent,
  SubscriptionPlan,
} from './subscription.events';
import { onSubscription } from './subscription.stream';

/** A token payment authorizes a subscription that starts later: ₹1, refunded as soon as it is captured. */
export const TOKEN_AUTHORIZATION_AMOUNT = 100;

const ms = (seconds: number | undefined) => (seconds === undefined ? undefined : seconds * 1000);

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

  /**
   * Without start_at the authorization payment is the first cycle's charge: its invoice (plan ×
   * quantity plus the upfront add-ons) is issued with the subscription, in one statement. With a
   * future start_at it charges the upfront add-ons alone (their invoice, issued the same way), or,
   * without add-ons, is a token payment refunded at once; cycle 1 is charged at start_at.
   */
  async create(caller: RequestContext, dto: CreateSubscriptionDto): Promise<SubscriptionEntity> {
    const { plan, planName } = await this.planOf(caller, dto.plan_id, 'plan_id');
    const offer =
      dto.offer_id === undefined ? null : await this.offerOf(caller, dto.offer_id, plan.currency);
    const subscriptionId = newId('sub');
    const quantity = dto.quantity ?? 1;
    const notes = normalizeNotes(dto.notes);
    const addons: UpfrontAddon[] = (dto.addons ?? []).map((addon) => ({
      name: addon.item.name,
      description: addon.item.description ?? null,
      amount: addon.item.amount,
      currency: addon.item.currency ?? DEFAULT_CURRENCY,
      quantity: addon.quantity ?? 1,
    }));
    const foreign = addons.findIndex((addon) => addon.currency !== plan.currency);
    if (foreign >= 0)
      throw new ValidationFailed(
        `The addons[${foreign}] is in ${addons[foreign].currency}, not the plan currency ${plan.currency}.`,
        `addons[${foreign}].item.currency`,
      );
    const terms = {
      plan,
      quantity,
      totalCount: dto.total_count,
      startAt: ms(dto.start_at) ?? null,
      expireBy: ms(dto.expire_by) ?? null,
      customerNotify: dto.customer_notify ?? true,
      notifyInfo: dto.notify_info
        ? {
            notifyPhone: dto.notify_info.notify_phone ?? null,
            notifyEmail: dto.notify_info.notify_email ?? null,
          }
        : null,
      offerId: offer?.offerId ?? null,
      notes,
    };
    const metadata = this.clock.metadata(caller);
    const orderId = newId('order');
    const firstInvoice =
      terms.startAt === null
        ? subscriptionInvoiceTerms({
            subscriptionId,
            plan,
            planName,
            quantity,
            addons,
            customer: null,
            billingStart: null,
            billingEnd: null,
            notes,
            offer,
            cycle: 1,
          })
        : addons.length > 0
          ? upfrontAddonsInvoiceTerms({ subscriptionId, addons, currency: plan.currency, notes })
          : null;
    const invoiceId = firstInvoice ? newId('inv') : null;
    const authorization = {
      orderId,
      amount: firstInvoice
        ? invoiceTotals(firstInvoice.lines).netAmount
        : TOKEN_AUTHORIZATION_AMOUNT,
      invoiceId,
    };
    const subscription = await this.handler.handle({
      scope: metadata,
      run: async (unit) => {
        const created = await unit.decide(
          onSubscription(
            subscriptionId,
            {
              type: 'CreateSubscription',
              data: { subscriptionId, terms, authorization },
              metadata,
            },
            this.publicBaseUrl,
            true,
          ),
        );
        if (firstInvoice && invoiceId)
          await unit.decide(
            onInvoice(
              invoiceId,
              {
                type: 'CreateInvoice',
                data: { invoiceId, terms: firstInvoice, issueWith: { orderId } },
                metadata,
              },
              this.publicBaseUrl,
              true,
            ),
          );
        return created;
      },
    });
    return this.entity(subscription);
  }

  async update(
    caller: RequestContext,
    subscriptionId: string,
    dto: UpdateSubscriptionDto,
  ): Promise<SubscriptionEntity> {
    const current = orNotFound(await getSubscriptionDetails(this.database, caller, subscriptionId));
    const change: SubscriptionChange = {
      ...(dto.offer_id !== undefined && {
        offerId: (await this.offerOf(caller, dto.offer_id, current.state.terms.plan.currency))
          .offerId,
      }),
      ...(dto.plan_id !== undefined && {
        plan: (await this.planOf(caller, dto.plan_id, 'plan_id')).plan,
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

  /**
   * The timer at charge_at: the cycle that ended is closed (cancelled or completed at its end, or its
   * scheduled change applied) and the next is billed: its invoice is issued and, unless the
   * subscription is halted, payments is asked to charge the saved card — all in one statement.
   */
  async billCycle(metadata: CommandMetadata, subscriptionId: string, at: number): Promise<void> {
    const invoiceId = newId('inv');
    const orderId = newId('order');
    let customer: InvoiceCustomer | null = null;
    let planName = 'Subscription';
    await this.handler.handle({
      scope: metadata,
      run: async (unit) => {
        const { state } = await unit.read(subscriptionKind, subscriptionId);
        const bill = onSubscription(
          subscriptionId,
          { type: 'BillCycle', data: { invoiceId, at }, metadata },
          this.publicBaseUrl,
        );
        const upcoming = upcomingCycle(state, at);
        if (!upcoming || state.status === 'new') {
          await unit.decide(bill);
          return;
        }
        customer ??= await this.customerOf(metadata, state.customerId);
        planName =
          (await this.planOf(metadata, upcoming.terms.plan.planId, 'plan_id').catch(() => null))
            ?.planName ?? planName;
        // The add-ons added since the last invoice; each is version-checked, so one deleted meanwhile is not billed.
        const addons = [];
        for (const addonId of await unbilledAddonIds(this.database, metadata, subscriptionId)) {
          const { state: addon } = await unit.read(addonKind, addonId);
          if (addon.status === 'unbilled')
            addons.push({ addonId, ...addon.item, quantity: addon.quantity });
        }
        const offerId = upcoming.terms.offerId;
        const offerRow =
          offerId === null ? null : await getOfferDetails(this.database, metadata, offerId);
        const offer = offerRow
          ? { offerId: offerRow.id, name: offerRow.terms.name, terms: offerRow.terms }
          : null;
        const terms = subscriptionInvoiceTerms({
          subscriptionId,
          plan: upcoming.terms.plan,
          planName,
          quantity: upcoming.terms.quantity,
          addons,
          customer,
          billingStart: upcoming.start,
          billingEnd: upcoming.end,
          notes: upcoming.terms.notes,
          offer,
          cycle: upcoming.cycle,
        });
        const billAddons = addons.map(({ addonId }) =>
          onAddon(addonId, { type: 'BillAddon', data: { invoiceId }, metadata }),
        );
        // The invoice first: its invoice.issued must reach payments before the charge request.
        const invoice = await unit.decide(
          onInvoice(
            invoiceId,
            { type: 'CreateInvoice', data: { invoiceId, terms, issueWith: { orderId } }, metadata },
            this.publicBaseUrl,
            true,
          ),
        );
        const subscription = await unit.decide(bill);
        for (const billAddon of billAddons) await unit.decide(billAddon);
        const billed = subscription.appended.find(
          (event) => event.type === 'SubscriptionCycleBilled',
        );
        if (billed?.type === 'SubscriptionCycleBilled' && billed.data.chargeAutomatically)
          unit.publish([
            chargeRequested(
              billed,
              invoiceAt(invoice.stream, invoice.stream.length, this.publicBaseUrl),
              1,
            ),
          ]);
      },
    });
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

  private async planOf(
    scope: { accountId: string; mode: 'test' | 'live' },
    planId: string,
    field: string,
  ): Promise<{ plan: SubscriptionPlan; planName: string }> {
    const row = await getPlanDetails(this.database, scope, planId);
    if (!row) throw new ValidationFailed('The id provided does not exist', field);
    return {
      plan: {
        planId: row.id,
        amount: row.item.amount,
        currency: row.item.currency,
        period: row.period,
        interval: row.interval,
      },
      planName: row.item.name,
    };
  }

  /** An active offer of the account, in the plan's currency, to link. */
  private async offerOf(
    scope: { accountId: string; mode: 'test' | 'live' },
    offerId: string,
    currency: string,
  ): Promise<{ offerId: string; name: string; terms: OfferTerms }> {
    const row = await getOfferDetails(this.database, scope, offerId);
    if (!row) throw new ValidationFailed('The id provided does not exist', 'offer_id');
    if (!row.active) throw new ValidationFailed('The offer is inactive.', 'offer_id');
    if (row.terms.currency !== currency)
      throw new ValidationFailed(
        `The offer is in ${row.terms.currency}, not the plan currency ${currency}.`,
        'offer_id',
      );
    return { offerId: row.id, name: row.terms.name, terms: row.terms };
  }

  private async customerOf(
    scope: { accountId: string; mode: 'test' | 'live' },
    customerId: string | null,
  ): Promise<InvoiceCustomer | null> {
    if (customerId === null) return null;
    const c = await getCustomerDetails(this.database, scope, customerId);
    return c ? invoiceCustomerOf(c.id, c) : null;
  }
}
