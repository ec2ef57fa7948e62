import { ApiHideProperty } from '@nestjs/swagger';
import { Equals, IsIn, IsOptional, IsString } from 'class-validator';
import { IsNotes, IsUnixTime } from '@platform/http';
import type { Notes } from '@platform/http';
import { Count, CustomerNotify } from './subscription-fields';

/**
 * A field of create that an update cannot take, refused with the reason (Razorpay's update does not
 * list it either); hidden from the document, which does not offer it.
 */
const NotOnUpdate = (reason: string) => Equals(undefined, { message: reason });

/**
 * Unknown fields are refused (400 naming the field). An update that changes nothing records
 * nothing. **Changes** (PATCH, `authenticated` or `active` only). `schedule_change_at: now` (the
 * default) changes the subscription at once (`subscription.updated`); the current cycle, already
 * billed, is neither billed again nor prorated: the new `plan_id` and `quantity` apply from the
 * next cycle billed, which starts at `current_end` on the new plan's period. `remaining_count` sets
 * `total_count` to the cycles billed so far plus it. `start_at` (only `now`, only an
 * `authenticated` subscription before its first cycle) moves the first cycle and `charge_at`.
 * `schedule_change_at: cycle_end` (`active` only) stores the change instead, replacing any change
 * stored before: `has_scheduled_changes` is true and `change_scheduled_at` is `current_end`; GET
 * /v1/subscriptions/{id}/retrieve_scheduled_changes shows the subscription as it will be, POST
 * /v1/subscriptions/{id}/cancel_scheduled_changes withdraws it, and at `current_end` it is applied
 * as the next cycle is billed (`subscription.updated`). Refused: a subscription neither
 * authenticated nor active ("Only an authenticated or active subscription can be updated."); a plan
 * in another currency ("The plan's currency must be the subscription's currency (INR)." field
 * `plan_id`); `cycle_end` for a subscription not active ("Only an active subscription can be
 * changed at the end of its cycle.", field `schedule_change_at`); `start_at` after the first cycle
 * or not authenticated ("The start_at can be changed only before the subscription starts."), with
 * `cycle_end` ("The start_at can be changed only now."), or not in the future ("The start_at must
 * be in the future."); `total_count` with `remaining_count` ("Send total_count or remaining_count,
 * not both: each sets the cycles billed in all.", field `total_count`) or not more than the cycles
 * billed ("The total_count must be more than the 1 cycles already billed."). Fields of create that
 * Razorpay's update does not take are refused with the reason: `expire_by` ("The expire_by is the
 * deadline for authorizing the subscription: an update is for an authenticated or active one,
 * already authorized.") and `addons` ("Upfront addons are charged with the authorization: add one
 * to an authorized subscription with POST /v1/subscriptions/:id/addons.").
 *
 * @example {"quantity":3,"schedule_change_at":"now","customer_notify":true}
 * @example {
 *   "plan_id": "plan_1Aa00000000002",
 *   "quantity": 2,
 *   "remaining_count": 6,
 *   "schedule_change_at": "cycle_end"
 * }
 */
export class UpdateSubscriptionDto {
  /**
   * Another plan of the same currency (an unknown plan: "The id provided does not exist", field
   * `plan_id`).
   */
  @IsOptional() @IsString({ message: 'The plan_id must be a string.' }) plan_id?: string;
  /**
   * Units of the plan per cycle, from the next cycle billed. An integer from 1 to 1000 ("The
   * quantity must be at least 1.", "The quantity may not be greater than 1000.").
   */
  @IsOptional() @Count('quantity') quantity?: number;
  /**
   * The cycles still to bill: `total_count` becomes the cycles billed so far plus it. An integer
   * from 1 to 1000 ("The remaining_count must be at least 1.", "The remaining_count may not be
   * greater than 1000.").
   */
  @IsOptional() @Count('remaining_count') remaining_count?: number;
  /**
   * The cycles to bill in all (what `remaining_count` sets, counted from the start); more than the
   * cycles billed so far. An integer from 1 to 1000 ("The total_count must be at least 1.", "The
   * total_count may not be greater than 1000.").
   */
  @IsOptional() @Count('total_count') total_count?: number;
  /**
   * A new start for the first cycle (authenticated, before it starts; `now` only). Unix seconds, in
   * the future on the account's clock ("The start_at must be in the future."; not an integer: "The
   * start_at must be a Unix time (seconds).").
   */
  @IsUnixTime('start_at', { optional: true }) start_at?: number;
  /**
   * An offer to link, made through the admin API (`/admin/v1/accounts/{id}/offers`); it replaces
   * the offer linked before and discounts the cycles billed from the next one on (the current
   * cycle, billed already, keeps its invoice). An unknown offer (or one of another account or
   * mode): "The id provided does not exist"; an inactive one: "The offer is inactive."; one in
   * another currency: "The offer is in USD, not the plan currency INR." (all field `offer_id`).
   *
   * @example "offer_1Aa00000000001"
   */
  @IsOptional() @IsString({ message: 'The offer_id must be a string.' }) offer_id?: string;
  /**
   * "The schedule_change_at must be now or cycle_end."
   *
   * @defaultValue "now"
   */
  @IsOptional()
  @IsIn(['now', 'cycle_end'], { message: 'The schedule_change_at must be now or cycle_end.' })
  schedule_change_at?: 'now' | 'cycle_end';
  /**
   * Recorded at once as the subscription's `customer_notify` (even with `cycle_end`); sent alone it
   * changes only that. While it is true, each change made (now, or scheduled: with the date it
   * applies) is told to the customer: to `notify_info` when the subscription has it, else to its
   * customer's email and contact (nobody to tell: nothing is sent). Absent: the flag stays as it
   * is. "The customer_notify must be 1 or 0."
   */
  @CustomerNotify() customer_notify?: boolean;
  /**
   * Replaces the subscription's notes at once (even with `cycle_end`); the cycles billed later
   * carry them. At most 15 pairs, keys and values of at most 256 characters.
   *
   * @example {"tier":"gold"}
   */
  @IsOptional() @IsNotes() notes?: Notes;
  @ApiHideProperty()
  @NotOnUpdate(
    'The expire_by is the deadline for authorizing the subscription: an update is for an authenticated or active one, already authorized.',
  )
  expire_by?: never;
  @ApiHideProperty()
  @NotOnUpdate(
    'Upfront addons are charged with the authorization: add one to an authorized subscription with POST /v1/subscriptions/:id/addons.',
  )
  addons?: never;
}
