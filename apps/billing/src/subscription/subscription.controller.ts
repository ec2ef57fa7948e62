import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBody, ApiParam, ApiTags } from '@nestjs/swagger';
import type { SubscriptionEntity } from '@platform/contracts';
import { Database, orNotFound } from '@platform/event-store';
import { Caller, EntityIdParam, toCollection } from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { PauseSubscriptionDto } from './dtos/pause-subscription.dto';
import { ResumeSubscriptionDto } from './dtos/resume-subscription.dto';
import { UpdateSubscriptionDto } from './dtos/update-subscription.dto';
import { SubscriptionListQuery } from './dtos/subscription-list.query';
import { toSubscriptionEntity } from './dtos/subscription.response';
import { SubscriptionService } from './subscription.service';
import {
  getSubscriptionDetails,
  listSubscriptionDetails,
} from './subscription-details/subscription-details.query';
import { CatchUp } from '@platform/service-kit';

@ApiTags('Subscriptions')
@CatchUp()
@Controller('v1/subscriptions')
export class SubscriptionController {
  constructor(
    private readonly subscriptions: SubscriptionService,
    private readonly database: Database,
  ) {}

  /**
   * List subscriptions, newest first
   *
   * @returns A page of subscriptions
   */
  @Get()
  async listSubscriptions(
    @Caller() caller: RequestContext,
    @Query() query: SubscriptionListQuery,
  ): Promise<Collection<SubscriptionEntity>> {
    const rows = await listSubscriptionDetails(this.database, caller, query, {
      plan_id: query.plan_id,
    });
    return toCollection(
      rows.map((row) => toSubscriptionEntity(row.id, row.state, this.subscriptions.publicBaseUrl)),
    );
  }

  /**
   * Fetch a subscription
   *
   * @returns The subscription
   */
  @EntityIdParam('subscription', 'sub')
  @Get(':id')
  async fetchSubscription(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
  ): Promise<SubscriptionEntity> {
    const row = orNotFound(await getSubscriptionDetails(this.database, caller, id));
    return toSubscriptionEntity(row.id, row.state, this.subscriptions.publicBaseUrl);
  }

  /**
   * Update a subscription, now or at the end of the cycle
   *
   * @remarks **Changes** (PATCH, `authenticated` or `active` only). `schedule_change_at: now` (the
   * default) changes the subscription at once (`subscription.updated`); the current cycle,
   * already billed, is neither billed again nor prorated: the new `plan_id` and `quantity`
   * apply from the next cycle billed, which starts at `current_end` on the new plan's
   * period. `remaining_count` sets `total_count` to the cycles billed so far plus it.
   * `start_at` (only `now`, only an `authenticated` subscription before its first cycle)
   * moves the first cycle and `charge_at`. `schedule_change_at: cycle_end` (`active` only)
   * stores the change instead, replacing any change stored before: `has_scheduled_changes`
   * is true and `change_scheduled_at` is `current_end`; GET
   * /v1/subscriptions/{id}/retrieve_scheduled_changes shows the subscription as it will
   * be, POST /v1/subscriptions/{id}/cancel_scheduled_changes withdraws it, and at
   * `current_end` it is applied as the next cycle is billed (`subscription.updated`).
   *
   * **Offers.** An offer is a discount on a subscription's cycles, made by the merchant
   * through the admin API (`/admin/v1/accounts/{id}/offers`, not part of this document): a
   * percentage (`discount_percent`, optionally capped by `max_discount`) or a flat
   * `discount_amount`, in one currency, for the subscription's first `cycles` cycles
   * (counted from its cycle 1, whenever the offer was linked) or, without `cycles`, for
   * all of them. Link one with `offer_id` at creation or in a PATCH (only an active offer
   * of the account, in the plan's currency); the subscription's `offer_id` shows it. An
   * unknown offer (or one of another account or mode): "The id provided does not exist";
   * an inactive one: "The offer is inactive."; one in another currency: "The offer is in
   * USD, not the plan currency INR." (all field `offer_id`). Each cycle the offer applies
   * to is discounted on its invoice, the first included: a percentage of the cycle's
   * amount (the plan's line plus its add-ons) rounded half up, at most `max_discount`, or
   * the flat amount, but never so much that the cycle costs less than 100 (a cycle of 100
   * or less is not discounted). The discount is a line of `type: discount` with a negative
   * amount (the offer's name, description `Offer <offer_id>`, `item_id` the offer id,
   * quantity 1). An offer deactivated later stays on the subscriptions that have it;
   * DELETE /v1/subscriptions/{id}/{offer_id} removes it from one, and the cycles billed
   * after that are not discounted (an invoice issued already keeps its discount).
   *
   * @returns The subscription after the update (with `cycle_end`: with `has_scheduled_changes`, the
   * change not applied yet)
   */
  @EntityIdParam('subscription', 'sub')
  @Patch(':id')
  updateSubscription(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() body: UpdateSubscriptionDto,
  ): Promise<SubscriptionEntity> {
    return this.subscriptions.update(caller, id, body);
  }

  /**
   * See a subscription as its scheduled change will make it
   *
   * @remarks The subscription with the change stored by PATCH with `schedule_change_at: cycle_end`
   * applied (plan, quantity, counts); without a stored change, the subscription as it is.
   * Nothing is changed.
   *
   * @returns The subscription as it will be once the change applies
   */
  @EntityIdParam('subscription', 'sub')
  @Get(':id/retrieve_scheduled_changes')
  async retrieveScheduledChanges(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
  ): Promise<SubscriptionEntity> {
    const row = orNotFound(await getSubscriptionDetails(this.database, caller, id));
    return this.subscriptions.pending(row.state, row.id);
  }

  /**
   * Withdraw the scheduled change
   *
   * @remarks Drops the change stored for the end of the cycle ("The subscription has no scheduled
   * changes." when there is none). No body.
   *
   * @returns The subscription, without scheduled changes
   */
  @EntityIdParam('subscription', 'sub')
  @Post(':id/cancel_scheduled_changes')
  @HttpCode(200)
  cancelScheduledChanges(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
  ): Promise<SubscriptionEntity> {
    return this.subscriptions.run(caller, id, { type: 'CancelScheduledChanges', data: {} });
  }

  /**
   * Pause a subscription
   *
   * @remarks An `active` subscription becomes `paused` (`paused_at`, `pause_initiated_by: self`,
   * `charge_at` null): no cycle is billed until it is resumed. An `authenticated` one is **cancelled**
   * instead, as Razorpay does. Any other status: "Only an active subscription can be
   * paused.".
   *
   * @returns The paused (or cancelled) subscription
   */
  @EntityIdParam('subscription', 'sub')
  @ApiBody({ type: PauseSubscriptionDto, required: false })
  @Post(':id/pause')
  @HttpCode(200)
  pauseSubscription(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() _body: PauseSubscriptionDto,
  ): Promise<SubscriptionEntity> {
    return this.subscriptions.run(caller, id, { type: 'PauseSubscription', data: {} });
  }

  /**
   * Resume a paused subscription
   *
   * @remarks A `paused` subscription becomes `active` ("Only a paused subscription can be
   * resumed."). If its current cycle has not ended, the next is billed at its end;
   * otherwise a new cycle starts and is billed at once, counted from then. The cycles that
   * would have run while paused are not billed and not counted (`remaining_count` is
   * unchanged).
   *
   * @returns The resumed subscription
   */
  @EntityIdParam('subscription', 'sub')
  @ApiBody({ type: ResumeSubscriptionDto, required: false })
  @Post(':id/resume')
  @HttpCode(200)
  resumeSubscription(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() _body: ResumeSubscriptionDto,
  ): Promise<SubscriptionEntity> {
    return this.subscriptions.run(caller, id, { type: 'ResumeSubscription', data: {} });
  }

  /**
   * Remove the offer from a subscription
   *
   * @remarks Unlinks the subscription's offer: `offer_id` becomes null and the cycles billed from
   * then on are not discounted (an invoice issued already keeps its `discount` line).
   * Another offer than the linked one, or none linked: "The offer is not linked to this
   * subscription." (field `offer_id`). No body.
   *
   * **Offers.** An offer is a discount on a subscription's cycles, made by the merchant
   * through the admin API (`/admin/v1/accounts/{id}/offers`, not part of this document): a
   * percentage (`discount_percent`, optionally capped by `max_discount`) or a flat
   * `discount_amount`, in one currency, for the subscription's first `cycles` cycles
   * (counted from its cycle 1, whenever the offer was linked) or, without `cycles`, for
   * all of them. Link one with `offer_id` at creation or in a PATCH (only an active offer
   * of the account, in the plan's currency); the subscription's `offer_id` shows it. An
   * unknown offer (or one of another account or mode): "The id provided does not exist";
   * an inactive one: "The offer is inactive."; one in another currency: "The offer is in
   * USD, not the plan currency INR." (all field `offer_id`). Each cycle the offer applies
   * to is discounted on its invoice, the first included: a percentage of the cycle's
   * amount (the plan's line plus its add-ons) rounded half up, at most `max_discount`, or
   * the flat amount, but never so much that the cycle costs less than 100 (a cycle of 100
   * or less is not discounted). The discount is a line of `type: discount` with a negative
   * amount (the offer's name, description `Offer <offer_id>`, `item_id` the offer id,
   * quantity 1). An offer deactivated later stays on the subscriptions that have it;
   * DELETE /v1/subscriptions/{id}/{offer_id} removes it from one, and the cycles billed
   * after that are not discounted (an invoice issued already keeps its discount).
   *
   * @returns The subscription without the offer
   */
  @EntityIdParam('subscription', 'sub')
  @ApiParam({
    name: 'offer_id',
    required: true,
    description: 'The offer linked to the subscription.',
    schema: { type: 'string' },
    examples: { offer: { value: 'offer_1Aa00000000001' } },
  })
  @Delete(':id/:offer_id')
  removeSubscriptionOffer(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Param('offer_id') offerId: string,
  ): Promise<SubscriptionEntity> {
    return this.subscriptions.run(caller, id, { type: 'RemoveOffer', data: { offerId } });
  }
}
