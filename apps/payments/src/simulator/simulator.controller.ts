import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { DisputeEntity } from '@platform/contracts';
import { Caller } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { DisputeService } from '../dispute/dispute.service';
import { SimulateDisputeDto } from '../dispute/dtos/simulate-dispute.dto';
import type { CheckoutAnswer } from './dtos/checkout-answer.response';
import { SimulatePaymentDto } from './dtos/simulate-payment.dto';
import { SimulatorService } from './simulator.service';

/** Test mode's checkout. (The test clock is the gateway's: POST /v1/simulator/clock/advance.) */
@ApiTags('Test mode')
@Controller('v1/simulator')
export class SimulatorController {
  constructor(
    private readonly checkout: SimulatorService,
    private readonly disputes: DisputeService,
  ) {}

  /**
   * Pay an order, a QR code, an invoice or a subscription's authorization with a test instrument
   *
   * @remarks Test mode's checkout: pays an order as Razorpay Checkout would, or a QR code as a UPI
   * app scanning it would, with a test instrument. **Test keys only**: a live key is
   * answered 400 "The simulator works with test mode keys only: live payments come from a
   * real checkout.". Send exactly one of `order_id`, `qr_code_id`, `invoice_id` and
   * `subscription_id` ("Send exactly one of order_id, qr_code_id, invoice_id or
   * subscription_id: what this payment pays.", field `order_id`). An `invoice_id` pays the
   * invoice's order (opened in payments a moment after the invoice is issued; until then
   * "The id provided does not exist (or the invoice is not issued yet)", field
   * `invoice_id`); the answer then also carries `razorpay_invoice_id`.
   *
   * **An order** (`order_id`): the payment is for the order's amount due unless `amount`
   * says otherwise (partial payments: see `partial_payment` on the order), in the order's
   * currency. It counts as an attempt on the order, also when it fails. It stays
   * `authorized` until captured with POST /v1/payments/{id}/capture — unless the order was
   * created with `payment_capture` 1, in which case it is captured at once (and the order
   * may become `paid`). A payment not captured within 3 days is refunded in full
   * automatically.
   *
   * **A subscription's authorization** (`subscription_id`): pays the subscription's
   * authorization order (known to payments a moment after the subscription is created;
   * until then, or for an unknown id, "The id provided does not exist (or the subscription
   * is not known to payments yet)", field `subscription_id`), in its currency, for its
   * amount: without `start_at` the first invoice (plan × quantity plus the upfront
   * add-ons), which the payment pays; with `start_at`, the invoice of its upfront add-ons
   * when it has some, else a token payment of 100, refunded in full at once. The payment
   * is captured at once and its instrument (card, UPI address, bank or wallet; never the
   * card number) is saved: the subscription's later cycles are charged with it
   * automatically. A subscription already authorized takes no second authorization ("The
   * subscription is already authorized."). A declining instrument saves nothing: the
   * subscription stays `created` (its `auth_attempts` grows) and can be authorized with
   * another one. The answer is `{razorpay_payment_id, razorpay_subscription_id,
   * razorpay_signature, payment}`.
   *
   * **A QR code** (`qr_code_id`): the payment is in INR, for the code's `payment_amount`
   * unless `amount` says otherwise; a fixed-amount code takes only its `payment_amount`
   * ("The amount must be the QR code's payment_amount (<payment_amount>)."), any other
   * code needs `amount` ("The amount field is required: this QR code has no fixed
   * amount."), at least 100. A `upi_qr` code takes only `upi` payments, a `bharat_qr` code
   * `upi` and `card` ("This QR code accepts only upi payments." / "This QR code accepts
   * only upi and card payments.", field `method`); a closed code none ("The QR code is
   * closed and accepts no payments."). The payment is **captured at once** (with its `fee`
   * and `tax`; its `order_id` is null) and credited to the code:
   * `payments_amount_received` and `payments_count_received` grow, and a single-use code
   * closes (`close_reason` `paid`). A declined payment is recorded as `failed` and leaves
   * the code as it was; it is listed with the code's payments.
   *
   * **Success (200)**: what Checkout (or the UPI app) hands your page, with the payment
   * (its `card` object included). For an order: `{razorpay_payment_id, razorpay_order_id,
   * razorpay_signature, payment}`; the gateway adds `razorpay_signature`: the hex
   * HMAC-SHA256 of `order_id|payment_id` (`razorpay_order_id + "|" + razorpay_payment_id`)
   * keyed with your key secret, so the SDK's `validatePaymentVerification` accepts it. For
   * a subscription: `{razorpay_payment_id, razorpay_subscription_id, razorpay_signature,
   * payment}`, the signature the hex HMAC-SHA256 of `payment_id|subscription_id`
   * (`razorpay_payment_id + "|" + razorpay_subscription_id`, the reverse order) keyed with
   * your key secret. For a QR code: `{razorpay_payment_id, razorpay_qr_code_id, payment}`,
   * without a signature.
   *
   * **Declined (400)**: a declining instrument is answered like Checkout's failure
   * callback: the error envelope with `source`, `step` and `reason` filled and `metadata`
   * = `{payment_id, order_id}` (`{payment_id, qr_code_id}` for a QR code; a subscription's
   * authorization order for a subscription). The payment is recorded as `failed` (with its
   * `error_*` fields) and is listed with the order's (or the code's) payments.
   *
   * Other 400s: an unknown order or QR code ("The id provided does not exist", field
   * `order_id` or `qr_code_id`), a currency other than the order's ("The currency must be
   * the order currency (<currency>).") or, for a QR code, other than INR ("The currency
   * must be INR: QR codes take rupees."), an amount the order does not allow ("The payment
   * amount must be the order amount due (<due>)." and the like), a paid order ("The order
   * has already been paid."), a missing or invalid instrument ("The card field is required
   * when method is card.", "The bank must be one of …").
   *
   * ### Test instruments
   *
   * The instrument decides the outcome.
   *
   * **Cards** (`method: card`). Expiry: any month not in the past (on the account's clock;
   * two-digit years are 20xx). CVV: 3 digits, 4 for American Express.
   *
   * | Number | Network | Type | Issuer | Outcome |
   * |---|---|---|---|---|
   * | 4111111111111111 | Visa | credit | HDFC | succeeds |
   * | 5267318187975449 | MasterCard | debit | ICIC | succeeds |
   * | 6521000000000007 | RuPay | debit | SBIN | succeeds |
   * | 378282246310005 | American Express | credit | – | succeeds (4-digit CVV) |
   * | 4012888888881881 | Visa | credit | – (issued abroad) | succeeds; the payment is `international` |
   * | 4000000000000002 | Visa | credit | HDFC | declined by the bank: 400, the payment is `failed` (source `bank`, reason `payment_declined`) |
   * | 4000000000000259 | Visa | credit | HDFC | succeeds; once the payment is captured, its bank disputes all of it: a dispute (reason `product_not_received`, phase `chargeback`, status `open`) appears in GET /v1/disputes moments later (a payment refunded in full before has nothing to dispute) |
   *
   * Any other Luhn-valid card number (12 to 19 digits) succeeds: network from its prefix
   * (34, 37: American Express; 36, 38, 300–305: Diners Club; 508, 60, 65, 81, 82: RuPay;
   * 51–55, 2221–2720: MasterCard; 50, 56–59, 63, 67: Maestro; 4: Visa; else Unknown), type
   * credit, no issuer, not international. A number that is not Luhn-valid is refused ("The
   * card number is invalid.").
   *
   * **UPI** (`method: upi`, `vpa`):
   *
   * | VPA | Outcome |
   * |---|---|
   * | success@razorpay | succeeds |
   * | failure@razorpay | fails: 400, the payment is `failed` (source `customer`, reason `payment_failed`) |
   *
   * Any other valid UPI address (name@bank) succeeds as well.
   *
   * **Netbanking** (`method: netbanking`, `bank`): HDFC, ICIC, SBIN, UTIB, KKBK, YESB,
   * PUNB, BARB. All succeed; any other bank is refused.
   *
   * **Wallets** (`method: wallet`, `wallet`): paytm, phonepe, amazonpay, freecharge,
   * mobikwik, airtelmoney, jiomoney, olamoney. All succeed; any other wallet is refused.
   *
   * @returns The payment went through (authorized, or captured with the order's payment_capture; QR
   * code, invoice and subscription authorization payments are always captured)
   */
  @Post('payments')
  @HttpCode(200)
  simulatePayment(
    @Caller() caller: RequestContext,
    @Body() body: SimulatePaymentDto,
  ): Promise<CheckoutAnswer> {
    return this.checkout.pay(caller, body);
  }

  /**
   * Dispute a captured payment
   *
   * @remarks Test mode's bank: the customer's bank disputes a captured payment of the account. **Test
   * keys only**: a live key is answered 400 "The simulator works with test mode keys
   * only.". (The dispute test card 4000000000000259 raises one by itself once its payment
   * is captured.)
   *
   * The dispute starts `open`, with `respond_by` 7 days later on the account's clock:
   * accept it (POST /v1/disputes/{id}/accept) or contest it (PATCH
   * /v1/disputes/{id}/contest) before then, or it is lost. A payment may be disputed
   * several times, as long as the disputes add up to at most what was captured and not
   * refunded.
   *
   * Refused with 400:
   *
   * - "The payment_id field is required: the captured payment disputed."; a payment of
   * another account or mode, or no payment: "The id provided does not exist"
   *
   * - a payment not captured (authorized, failed, or refunded automatically before
   * capture): "Only captured payments can be disputed."
   *
   * - nothing left to dispute: "Nothing of this payment can be disputed: it was refunded
   * or disputed in full."; an `amount` more than what is left: "The dispute amount may not
   * be greater than the amount captured and neither refunded nor disputed (<left>)."
   *
   * - an unknown `reason_code` ("The reason_code must be one of …") or `phase` ("The phase
   * must be one of fraud, retrieval, chargeback, pre_arbitration, arbitration.")
   *
   * @returns The new dispute (status `open`)
   */
  @Post('disputes')
  @HttpCode(200)
  simulateDispute(
    @Caller() caller: RequestContext,
    @Body() body: SimulateDisputeDto,
  ): Promise<DisputeEntity> {
    return this.disputes.simulate(caller, body);
  }
}
