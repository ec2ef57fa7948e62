import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { ApiBadRequestResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { DisputeEntity } from '@platform/contracts';
import { Caller } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { SimulateDisputeDto } from '../dispute/dtos/simulate-dispute.dto';
import type { CheckoutAnswer } from './dtos/checkout-answer.response';
import { SimulatePaymentDto } from './dtos/simulate-payment.dto';
import { SIMULATE_PAYMENT } from './simulate-payment.openapi';
import { SimulatorService } from './simulator.service';

/** Test mode's checkout. (The test clock is the gateway's: POST /v1/simulator/clock/advance.) */
@ApiTags('Test mode')
@Controller('v1/simulator')
export class SimulatorController {
  constructor(private readonly checkout: SimulatorService) {}

  /**
   * @returns The payment went through (authorized, or captured with the order's payment_capture; QR
   * code, invoice and subscription authorization payments are always captured)
   */
  // The description holds the test instruments' table, written from them: it is code, not a comment.
  @ApiOperation({
    summary:
      "Pay an order, a QR code, an invoice or a subscription's authorization with a test instrument",
    description: SIMULATE_PAYMENT.description,
  })
  @ApiBadRequestResponse(SIMULATE_PAYMENT.badRequest)
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
    return this.checkout.dispute(caller, body);
  }
}
