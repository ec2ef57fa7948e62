import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import type { SubscriptionEntity } from '@platform/contracts';
import { ApiBody, ApiTags } from '@nestjs/swagger';
import { Caller, EntityIdParam } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { CatchUp } from '@platform/service-kit';
import type { AddonEntity } from '../addon/dtos/addon.response';
import { AddonDto } from '../common/dtos/addon.dto';
import { CancelSubscriptionDto } from '../subscription/dtos/cancel-subscription.dto';
import { CreateSubscriptionDto } from '../subscription/dtos/create-subscription.dto';
import { SubscriptionFlowsService } from './subscription-flows.service';

/** The subscription routes that write more than the subscription: each runs a flow. */
@ApiTags('Subscriptions')
@CatchUp()
@Controller('v1/subscriptions')
export class SubscriptionFlowsController {
  constructor(private readonly flows: SubscriptionFlowsService) {}

  /**
   * Create a subscription
   *
   * @remarks **Authorization.** A new subscription is `created`: the customer authorizes it with
   * one payment on its authorization order, and the instrument of that payment (card, UPI
   * address, bank or wallet, never the card number) is saved to charge the later cycles.
   * Without `start_at`, the authorization payment **is the first cycle's charge**: the
   * first invoice (the plan's amount × `quantity`, plus the upfront `addons`, less the
   * discount of an `offer_id`) is issued with the subscription and paid by it; cycle 1
   * starts when it is captured, and the subscription goes `authenticated` and `active` at
   * once. With `start_at` and upfront `addons`, the authorization payment **pays the
   * add-ons**: an invoice of their lines alone (no cycle, no offer) is issued with the
   * subscription and paid by it, and kept. With `start_at` and no add-ons, the customer
   * pays a **token payment of 100** (₹1 in INR), refunded in full as soon as it is
   * captured. Either way the subscription is then `authenticated` and cycle 1 is billed
   * and charged at `start_at`. The payer of the authorization (by the payment's email and
   * contact) becomes the subscription's `customer_id`, named on the authorization invoice
   * too. The subscription's `short_url` is its page, to share with the customer. In test
   * mode, POST /v1/simulator/payments with `subscription_id` pays the authorization with a
   * test instrument (a declined one counts in `auth_attempts` and leaves the subscription
   * `created`, to try again). Once authorized, `customer_id` is the account's customer
   * whose email and contact are those of the authorization payment (null when there is
   * none), and `payment_method` its method.
   *
   * **Lifecycle.** `created` (awaiting authorization) → `authenticated` (authorized, by
   * its add-ons or a token payment; waits for `start_at`) → `active` (the latest cycle is
   * paid). Without `start_at` the authorization goes straight to `active`. A cycle's
   * automatic charge that fails makes it `pending`: the charge is retried 1, 2 and 3 days
   * after each failure in turn (1, 3 and 6 days after the first when every retry fails at
   * once); a successful retry makes it `active` again, a failure of the third retry makes
   * it `halted`. A halted subscription still bills its cycles at each `charge_at` (the
   * invoice is issued) but charges nothing automatically: it becomes `active` again when
   * the customer pays the open cycle's invoice himself. A new cycle replaces an unpaid one
   * as the open cycle: the old cycle is not charged again, and only the open cycle's
   * invoice counts towards the subscription. `paused`: POST /v1/subscriptions/{id}/pause
   * of an `active` subscription; no cycle is billed until it is resumed (pausing an
   * `authenticated` one cancels it). `cancelled`: POST /v1/subscriptions/{id}/cancel, now
   * or at the end of the cycle. `completed`: its last cycle (`total_count`) is paid, or
   * that cycle ends unpaid. `expired`: still `created` at its `expire_by`. The last three
   * are final: nothing changes them ("The subscription is already cancelled."), and they
   * take no add-ons ("The subscription is cancelled: it takes no add-ons."). Cancelling or
   * expiring a subscription that was never authorized (still `created`) also cancels its
   * authorization invoice (the first cycle's without `start_at`, the upfront add-ons' with
   * it), in the same step, so it can no longer be paid. Every timer (the next cycle at
   * `charge_at`, a retry, `expire_by`) runs on the account's clock: in test mode POST
   * /v1/simulator/clock/advance moves it, and POST
   * /v1/simulator/subscriptions/{id}/decline_charges makes the simulated bank decline the
   * next automatic charges.
   *
   * **Cycles and invoices.** A cycle is the plan's `interval` periods long (monthly cycles
   * are calendar months from the first cycle's start, the day clamped to the month's end;
   * daily and weekly ones whole days). At `charge_at`, the end of the current cycle, the
   * next cycle is billed: its invoice (a line for the plan's item × `quantity`, a line of
   * `type: addon` for each add-on added since the last invoice, a `discount` line when an
   * offer applies to the cycle; no tax, `subscription_id`, `billing_start` and
   * `billing_end` set, no sms or email) is issued and the saved instrument is charged on
   * its order, captured at once. Every cycle's invoice, the first included, is listed by
   * GET /v1/invoices?subscription_id=<id>. `paid_count` counts the cycles paid;
   * `remaining_count` = `total_count` − the cycles billed (a billed cycle counts while
   * unpaid). The mode's acquirer answers the charge (the test bank in test mode); live mode
   * has no acquirer configured yet, so its cycles are billed but not charged automatically.
   *
   * **Add-ons.** One-off charges on a subscription: upfront `addons` at creation are
   * charged by the authorization payment (on the first cycle's invoice, or, with
   * `start_at`, on an invoice of their own); POST /v1/subscriptions/{id}/addons adds one
   * later, charged on the subscription's **next cycle invoice** (a line of `type: addon`,
   * name, description, amount and quantity as given), which then sets its `invoice_id`.
   * While `invoice_id` is null it waits for that invoice and DELETE /v1/addons/{id}
   * removes it; once invoiced it can no longer be deleted. A subscription still `created`
   * without `start_at` has its first invoice issued already, so its add-ons go on the
   * second cycle; a paused one bills no cycle until it is resumed. A final subscription
   * (cancelled, completed, expired) takes no add-ons.
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
   * @returns The subscription, `created`: awaiting its authorization payment
   */
  @Post()
  @HttpCode(200)
  createSubscription(
    @Caller() caller: RequestContext,
    @Body() body: CreateSubscriptionDto,
  ): Promise<SubscriptionEntity> {
    return this.flows.create(caller, body);
  }

  /**
   * Cancel a subscription, now or at the end of the cycle
   *
   * @remarks No body: `cancelled` now, from any status that is not final ("The subscription is
   * already completed."); no cycle is billed again (a subscription never authorized also
   * has its authorization invoice cancelled, so it can no longer be paid).
   * `{cancel_at_cycle_end: 1}`: an `active` subscription only ("Only an active
   * subscription can be cancelled at the end of its cycle."); it stays active and is
   * cancelled at `current_end` instead of billing the next cycle. Asking again changes
   * nothing.
   *
   * @returns The subscription: cancelled, or still active until the end of its cycle
   */
  @EntityIdParam('subscription', 'sub')
  @ApiBody({ type: CancelSubscriptionDto, required: false })
  @Post(':id/cancel')
  @HttpCode(200)
  cancelSubscription(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() body: CancelSubscriptionDto,
  ): Promise<SubscriptionEntity> {
    return this.flows.cancel(caller, id, body?.cancel_at_cycle_end ?? false);
  }

  /**
   * Add an add-on to a subscription
   *
   * @remarks **Add-ons.** One-off charges on a subscription: upfront `addons` at creation are
   * charged by the authorization payment (on the first cycle's invoice, or, with
   * `start_at`, on an invoice of their own); POST /v1/subscriptions/{id}/addons adds one
   * later, charged on the subscription's **next cycle invoice** (a line of `type: addon`,
   * name, description, amount and quantity as given), which then sets its `invoice_id`.
   * While `invoice_id` is null it waits for that invoice and DELETE /v1/addons/{id}
   * removes it; once invoiced it can no longer be deleted. A subscription still `created`
   * without `start_at` has its first invoice issued already, so its add-ons go on the
   * second cycle; a paused one bills no cycle until it is resumed. A final subscription
   * (cancelled, completed, expired) takes no add-ons.
   *
   * Refused: a final subscription ("The subscription is cancelled: it takes no add-ons.",
   * and likewise completed or expired); an item in another currency than the plan's ("The
   * item.currency must be the plan currency (INR).", field `item.currency`).
   *
   * @returns The add-on, `invoice_id` null until the next cycle invoice charges it
   */
  @EntityIdParam('subscription', 'sub')
  @Post(':id/addons')
  @HttpCode(200)
  createAddon(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() body: AddonDto,
  ): Promise<AddonEntity> {
    return this.flows.addAddon(caller, id, body);
  }
}
