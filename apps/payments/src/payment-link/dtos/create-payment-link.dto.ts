import { Transform, Type } from 'class-transformer';
import {
  Equals,
  IsEmail,
  IsIn,
  IsObject,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  MaxLength,
  ValidateNested,
} from 'class-validator';
import { PAYMENT_LINK_CALLBACK_METHODS } from '@platform/contracts';
import type { PaymentLinkCallbackMethod } from '@platform/contracts';
import {
  IsAmount,
  IsSupportedCurrency,
  IsUnixTime,
  TextOrNumber,
  UnknownFieldsRefusedWith,
} from '@platform/http';
import type { Notes } from '@platform/http';
import { IsLinkNotes, LinkFlag } from './link-fields';

/** Razorpay's answer to a field a link does not take. */
export const WRONG_INPUT_FIELDS = 'wrong input fields sent.';

/**
 * Whom the link is for: shown on its page and where it is sent (`notify`, notify_by). As on
 * Razorpay, not filled in on the customer's checkout.
 *
 * @example {"name":"Gaurav Kumar","email":"gaurav.kumar@example.com","contact":"+919000090000"}
 */
@UnknownFieldsRefusedWith(WRONG_INPUT_FIELDS)
export class PaymentLinkCustomerDto {
  /** @example "Gaurav Kumar" */
  @IsOptional()
  @IsString({ message: 'The customer.name must be a string.' })
  @MaxLength(255, { message: 'The customer.name may not be greater than 255 characters.' })
  name?: string;

  /** @example "gaurav.kumar@example.com" */
  @IsOptional()
  @IsEmail({}, { message: 'The customer.email must be a valid email address.' })
  email?: string;

  /**
   * 8 to 15 digits, optionally starting with +.
   *
   * @example "+919000090000"
   */
  @TextOrNumber()
  @IsOptional()
  @Transform(({ value }) =>
    typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value,
  )
  @IsString({ message: 'The customer.contact must be a string or a number.' })
  @Matches(/^\+?[0-9]{8,15}$/, {
    message: 'The customer.contact must be 8 to 15 digits, optionally starting with +.',
  })
  contact?: string;
}

/**
 * Whether the platform sends the link to the customer when it is made (true), or you do (false):
 * sms to `customer.contact` (written to the service log: no SMS provider is wired in), email to
 * `customer.email` (over SMTP when the service has one, else to the log).
 *
 * @example {"sms":true,"email":true}
 */
@UnknownFieldsRefusedWith(WRONG_INPUT_FIELDS)
export class PaymentLinkNotifyDto {
  /** @defaultValue false */
  @LinkFlag('notify.sms') sms?: boolean;

  /** @defaultValue false */
  @LinkFlag('notify.email') email?: boolean;

  /**
   * WhatsApp messages are not offered: only false ("WhatsApp notifications are not offered: send
   * notify.whatsapp false or leave it out.").
   *
   * @defaultValue false
   */
  @LinkFlag('notify.whatsapp')
  @Equals(false, {
    message: 'WhatsApp notifications are not offered: send notify.whatsapp false or leave it out.',
  })
  whatsapp?: boolean;
}

/**
 * A payment link: a page (`short_url`) where the customer pays `amount`, through an order of the
 * link's own. A field the link does not take is refused with Razorpay's "wrong input fields sent."
 * (400 naming the field), also inside `customer` and `notify`.
 *
 * @example {
 *   "amount": 1000,
 *   "currency": "INR",
 *   "accept_partial": true,
 *   "first_min_partial_amount": 100,
 *   "expire_by": 1893456000,
 *   "reference_id": "TS1989",
 *   "description": "Payment for policy no #23456",
 *   "customer": {
 *     "name": "Gaurav Kumar",
 *     "contact": "+919000090000",
 *     "email": "gaurav.kumar@example.com"
 *   },
 *   "notify": {
 *     "sms": true,
 *     "email": true
 *   },
 *   "reminder_enable": true,
 *   "notes": {
 *     "policy_name": "Life Insurance Policy"
 *   },
 *   "callback_url": "https://example-callback-url.com/",
 *   "callback_method": "get"
 * }
 *
 * @example {"amount":50000,"description":"Order 17"}
 */
@UnknownFieldsRefusedWith(WRONG_INPUT_FIELDS)
export class CreatePaymentLinkDto {
  /**
   * What the customer pays, in the smallest currency unit: at least 100 ("The amount must be at
   * least 100.").
   *
   * @example 50000
   */
  @IsAmount('amount', { min: 1 }) amount!: number;

  /**
   * Upper case. UPI links take only INR ("upi is currently supported only in indian currency").
   *
   * @defaultValue "INR"
   */
  @IsSupportedCurrency() currency?: string;

  /**
   * Several payments may add up to the amount: each at least 100 and at most what is due (the
   * first at least `first_min_partial_amount`), unless it pays all that is due. Not for UPI links
   * ("partial payment not supported in upi link").
   *
   * @defaultValue false
   */
  @LinkFlag('accept_partial') accept_partial?: boolean;

  /**
   * With `accept_partial` only ("The first_min_partial_amount is allowed only with accept_partial
   * true."): the least the first payment may be, from 100 to the amount.
   *
   * @defaultValue 100
   */
  @IsAmount('first_min_partial_amount', { min: 1, optional: true })
  first_min_partial_amount?: number;

  /**
   * When the link expires, Unix seconds: at least 15 minutes after the current time on the
   * account's clock ("timestamp must be atleast 15 minutes in future"), at most six months after
   * it ("The expire_by may not be more than six months after the link was created."). Without
   * it the link expires six months after its creation (and shows `expire_by` 0).
   */
  @IsUnixTime('expire_by', { optional: true }) expire_by?: number;

  /**
   * Your reference, unique among the account's links in the mode: a second link with it is
   * refused ("payment link creation with reference ID already attempted", also under
   * concurrent requests). The link's order takes it as its `receipt`.
   *
   * @example "TS1989"
   */
  @IsOptional()
  @IsString({ message: 'The reference_id must be a string.' })
  @MaxLength(40, { message: 'The reference_id may not be greater than 40 characters.' })
  reference_id?: string;

  /** @example "Payment for policy no #23456" */
  @IsOptional()
  @IsString({ message: 'The description must be a string.' })
  @MaxLength(2048, { message: 'The description may not be greater than 2048 characters.' })
  description?: string;

  @IsOptional()
  @ValidateNested()
  @Type(() => PaymentLinkCustomerDto)
  @IsObject({ message: 'The customer must be an object.' })
  customer?: PaymentLinkCustomerDto;

  @IsOptional()
  @ValidateNested()
  @Type(() => PaymentLinkNotifyDto)
  @IsObject({ message: 'The notify must be an object.' })
  notify?: PaymentLinkNotifyDto;

  /**
   * Shown on the link (`reminders`); reminders are not sent.
   *
   * @defaultValue false
   */
  @LinkFlag('reminder_enable') reminder_enable?: boolean;

  /** @example {"policy_name":"Life Insurance Policy"} */
  @IsLinkNotes() notes?: Notes;

  /**
   * Where the customer's browser goes after paying, an http or https URL ("The callback_url must
   * be a valid http or https URL."); needs `callback_method` ("The callback method field is
   * required when callback url is present.").
   *
   * @example "https://example-callback-url.com/"
   */
  @IsOptional()
  @IsString({ message: 'The callback_url must be a valid http or https URL.' })
  @MaxLength(2048, { message: 'The callback_url may not be greater than 2048 characters.' })
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false },
    { message: 'The callback_url must be a valid http or https URL.' },
  )
  callback_url?: string;

  /** With `callback_url` only, and only `get` ("The callback_method must be get."). */
  @IsOptional()
  @IsIn(PAYMENT_LINK_CALLBACK_METHODS, { message: 'The callback_method must be get.' })
  callback_method?: PaymentLinkCallbackMethod;

  /**
   * A UPI payment link: live mode only ("UPI Payment Links is not supported in Test Mode. Please
   * experience the product in Live Mode."), INR only, no partial payments.
   *
   * @defaultValue false
   */
  @LinkFlag('upi_link') upi_link?: boolean;
}
