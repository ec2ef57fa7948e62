import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiExtension, ApiTags } from '@nestjs/swagger';
import { Caller, EntityIdParam } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { CheckoutApiService } from './checkout-api.service';
import { CheckoutKeyQuery, CheckoutPreferencesQuery } from './dtos/checkout-query';
import type { CheckoutPaymentAnswer } from './dtos/checkout-payment.response';
import type { CheckoutPreferences } from './dtos/checkout-preferences.response';
import { CreateCheckoutPaymentDto } from './dtos/create-checkout-payment.dto';

/**
 * The checkout's own API, called from the customer's browser with the key id alone (never the
 * secret): the gateway authenticates the key id and forwards as its account and mode.
 */
@ApiTags('Checkout')
@ApiExtension('x-key-id-only', true)
@Controller('v1/checkout')
export class CheckoutController {
  constructor(private readonly checkout: CheckoutApiService) {}

  /**
   * Checkout's preferences
   *
   * @remarks What checkout needs before it opens (the gateway serves it as GET /v1/preferences
   * and adds `merchant`): the mode, the methods, `acquirer` (null: live mode, where no acquirer is
   * configured, so payments are refused), and the order (`order_id`) or subscription
   * (`subscription_id`) it pays.
   *
   * Refused with 400: an order or subscription of another account or mode, or none: "The id
   * provided does not exist" (field `order_id` or `subscription_id`).
   *
   * @returns The preferences
   */
  @Get('preferences')
  fetchCheckoutPreferences(
    @Caller() caller: RequestContext,
    @Query() query: CheckoutPreferencesQuery,
  ): Promise<CheckoutPreferences> {
    return this.checkout.preferences(caller, query);
  }

  /**
   * Begin a checkout payment
   *
   * @remarks The customer's payment of an order, or of a subscription's authorization. The
   * order's rules are checked first (the amount due, unless the order takes partial payments:
   * then `amount` is what is paid now; its currency; an order already paid: reason
   * `order_already_paid`; a closed invoice), then the acquirer of the key's mode is asked. Test
   * mode's acquirer is the test bank (its instruments: POST /v1/simulator/payments): a card is
   * asked for an OTP, netbanking and wallets for Success or Failure on the bank's page, and UPI is
   * decided at once.
   *
   * - A challenge: 200 `{razorpay_payment_id, status: "created", next: {action: "authenticate",
   * url}}`; the customer answers it at `url` (relative to the gateway), then GET
   * /v1/checkout/payments/{id} says how it ended. A created payment not answered within 15 minutes
   * fails (`payment_timed_out`).
   *
   * - Decided at once: 200 `{razorpay_payment_id, razorpay_order_id | razorpay_subscription_id,
   * status}`; the gateway adds `razorpay_signature`.
   *
   * - Declined (e.g. UPI `failure@razorpay`): 400, the payment is recorded as `failed`, and the
   * error's `metadata` holds `payment_id` and `order_id`.
   *
   * Refused with 400, recording nothing: bad input (naming the field), an unknown order or
   * subscription, an amount the order does not allow, and in live mode "Live payments need an
   * acquirer, and none is configured on this platform.".
   *
   * @returns The payment waiting for its customer, or decided
   */
  @Post('payments')
  @HttpCode(200)
  createCheckoutPayment(
    @Caller() caller: RequestContext,
    @Body() body: CreateCheckoutPaymentDto,
  ): Promise<CheckoutPaymentAnswer> {
    return this.checkout.pay(caller, body);
  }

  /**
   * Follow a checkout payment
   *
   * @remarks What became of a payment checkout began: still `created` (with its challenge),
   * paid (the gateway adds `razorpay_signature`) or `failed` (with its error). The modal asks
   * each time the bank's page loads. A payment of another account or mode: "The id provided does
   * not exist".
   *
   * @returns The payment as checkout follows it
   */
  @EntityIdParam('payment', 'pay')
  @Get('payments/:id')
  fetchCheckoutPayment(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Query() _query: CheckoutKeyQuery,
  ): Promise<CheckoutPaymentAnswer> {
    return this.checkout.payment(caller, id);
  }
}
