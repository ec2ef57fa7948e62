import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsObject,
  IsOptional,
  IsString,
  ValidateNested,
} from 'class-validator';
import { EntityIdField, IsNotes, IsUnixTime } from '@platform/http';
import type { Notes } from '@platform/http';
import { AddonDto } from '../../common/dtos/addon.dto';
import { CustomerContact, CustomerEmail } from '../../common/dtos/customer-fields';
import { Count, CustomerNotify } from './subscription-fields';

/**
 * A subscription link's contact details: with `customer_notify` on, `short_url` is sent to them
 * (e-mail over SMTP when the platform has it configured, else written to its log; sms to the log:
 * no SMS provider is wired in).
 */
export class NotifyInfoDto {
  /**
   * 8 to 15 digits, optionally after a +; a number (as the Python document sends it) is taken as
   * its digits.
   */
  @CustomerContact('notify_info.notify_phone') notify_phone?: string;
  @CustomerEmail('notify_info.notify_email') notify_email?: string;
}

/**
 * Unknown fields are refused (400 naming the field). The subscription is in the plan's currency. **Authorization.**
 * A new subscription is `created`: the customer authorizes it with one payment on its authorization
 * order, and the instrument of that payment (card, UPI address, bank or wallet, never the card
 * number) is saved to charge the later cycles. Without `start_at`, the authorization payment **is
 * the first cycle's charge**: the first invoice (the plan's amount × `quantity`, plus the upfront
 * `addons`, less the discount of an `offer_id`) is issued with the subscription and paid by it;
 * cycle 1 starts when it is captured, and the subscription goes `authenticated` and `active` at
 * once. With `start_at` and upfront `addons`, the authorization payment **pays the add-ons**: an
 * invoice of their lines alone (no cycle, no offer) is issued with the subscription and paid by it,
 * and kept. With `start_at` and no add-ons, the customer pays a **token payment of 100** (₹1 in
 * INR), refunded in full as soon as it is captured. Either way the subscription is then
 * `authenticated` and cycle 1 is billed and charged at `start_at`. The payer of the authorization
 * (by the payment's email and contact) becomes the subscription's `customer_id`, named on the
 * authorization invoice too. The subscription's `short_url` is its page, to share with the
 * customer. In test mode, POST /v1/simulator/payments with `subscription_id` pays the authorization
 * with a test instrument (a declined one counts in `auth_attempts` and leaves the subscription
 * `created`, to try again). Once authorized, `customer_id` is the account's customer whose email
 * and contact are those of the authorization payment (null when there is none), and
 * `payment_method` its method.
 *
 * @example {
 *   "plan_id": "plan_1Aa00000000001",
 *   "total_count": 12,
 *   "quantity": 1,
 *   "customer_notify": 1,
 *   "addons": [
 *     {
 *       "item": {
 *         "name": "Delivery charges",
 *         "amount": 3000,
 *         "currency": "INR"
 *       }
 *     }
 *   ],
 *   "expire_by": 1739615400,
 *   "notes": {
 *     "notes_key_1": "Tea, Earl Grey, Hot"
 *   }
 * }
 *
 * @example {"plan_id":"plan_1Aa00000000001","total_count":6,"quantity":2,"start_at":1739615400}
 */
export class CreateSubscriptionDto {
  /**
   * The plan each cycle charges (an unknown plan: "The id provided does not exist", field
   * `plan_id`).
   *
   * @example "plan_1Aa00000000001"
   */
  @EntityIdField('plan')
  @IsString({ message: 'The plan_id must be a string.' })
  plan_id!: string;
  /**
   * How many cycles to bill in all. An integer from 1 to 1000 ("The total_count must be at least
   * 1.", "The total_count may not be greater than 1000.").
   */
  @Count('total_count') total_count!: number;
  /**
   * How many units of the plan each cycle charges. An integer from 1 to 1000 ("The quantity must be
   * at least 1.", "The quantity may not be greater than 1000.").
   *
   * @defaultValue 1
   */
  @IsOptional() @Count('quantity') quantity?: number;
  /**
   * When the first cycle starts; the customer then authorizes by paying the upfront `addons`, or,
   * without them, with a token payment refunded at once. Absent: the first cycle starts with the
   * authorization, which pays it. Unix seconds, in the future on the account's clock ("The start_at
   * must be in the future."; not an integer: "The start_at must be a Unix time (seconds).").
   */
  @IsUnixTime('start_at', { optional: true }) start_at?: number;
  /**
   * The deadline for the authorization: still `created` then, the subscription expires. Absent: it
   * waits for ever. Unix seconds, in the future on the account's clock ("The expire_by must be in
   * the future."; not an integer: "The expire_by must be a Unix time (seconds).").
   */
  @IsUnixTime('expire_by', { optional: true }) expire_by?: number;
  /**
   * Whether the platform tells the customer: with `notify_info`, the link (`short_url`) is sent
   * there at once; later changes are told too (see the update). "The customer_notify must be 1 or
   * 0."
   *
   * @defaultValue true
   */
  @CustomerNotify() customer_notify?: boolean;
  /**
   * Upfront add-ons, charged once by the authorization payment (lines of `type: addon`): on the
   * first cycle's invoice, or, with `start_at`, on an invoice of their own, issued at once. At most
   * 10 ("A subscription may have at most 10 upfront add-ons."), each in the plan's currency ("The
   * addons[0] is in USD, not the plan currency INR.", field `addons[0].item.currency`).
   */
  @IsOptional()
  @ValidateNested({ each: true, message: 'The addons must be an array of add-on objects.' })
  @Type(() => AddonDto)
  @ArrayMaxSize(10, { message: 'A subscription may have at most 10 upfront add-ons.' })
  @IsArray({ message: 'The addons must be an array.' })
  addons?: AddonDto[];
  /**
   * An offer to link, made through the admin API (`/admin/v1/accounts/{id}/offers`); it discounts
   * the cycles it applies to from the first invoice on (without `start_at`, the authorization
   * payment is the discounted first cycle). An unknown offer (or one of another account or mode):
   * "The id provided does not exist"; an inactive one: "The offer is inactive."; one in another
   * currency: "The offer is in USD, not the plan currency INR." (all field `offer_id`).
   *
   * @example "offer_1Aa00000000001"
   */
  @IsOptional() @IsString({ message: 'The offer_id must be a string.' }) offer_id?: string;
  /**
   * A subscription link's contact details: with `customer_notify` on, `short_url` is sent to them
   * (e-mail over SMTP when the platform has it configured, else written to its log; sms to the log:
   * no SMS provider is wired in).
   */
  @IsOptional()
  @ValidateNested()
  @Type(() => NotifyInfoDto)
  @IsObject({ message: 'The notify_info must be an object.' })
  notify_info?: NotifyInfoDto;
  /** @example {"notes_key_1":"Tea, Earl Grey, Hot"} */
  @IsOptional() @IsNotes() notes?: Notes;
}
