import { Body, Controller, HttpCode, Param, Post } from '@nestjs/common';
import type { PaymentEntity, RefundEntity } from '@platform/contracts';
import { ApiBody, ApiTags } from '@nestjs/swagger';
import { Caller, EntityIdParam } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { CapturePaymentDto } from '../payment/dtos/capture-payment.dto';
import { CreateRefundDto } from '../refund/dtos/create-refund.dto';
import { PaymentFlowsService } from './payment-flows.service';

/** The payment routes that write more than the payment: each runs a flow. */
@Controller('v1/payments')
export class PaymentFlowsController {
  constructor(private readonly flows: PaymentFlowsService) {}

  /**
   * Capture an authorized payment
   *
   * @remarks Makes an `authorized` payment yours: `captured`, with its `fee` and `tax` (2% + 18%
   * GST on it; `fee` includes the GST). A payment on an order adds to the order's
   * `amount_paid`, and the order becomes `paid` when that covers its amount.
   *
   * Payments are left authorized unless their order was created with `payment_capture` 1
   * (the default is 0). The capture window is 3 days from the payment's creation, on the
   * account's clock: a payment not captured by then is refunded in full automatically (a
   * refund at `optimum` speed).
   *
   * Refused with 400:
   *
   * - "This payment has failed and cannot be captured."
   *
   * - "This payment has already been captured."
   *
   * - "This payment was not captured within its capture window and has been refunded."
   *
   * - "This payment can no longer be captured: its capture window of 3 days has ended, and
   * it is refunded automatically."
   *
   * - "The currency must be the payment currency (<currency>)." / "Capture amount must be
   * equal to the amount authorized (<amount>)."
   *
   * - its order is already paid by another payment: "The order has already been paid: this
   * payment cannot be captured. It is refunded automatically when its capture window
   * ends.", or the capture would exceed what the order still has due: "Capturing this
   * payment would exceed the order amount due (<due>)."
   *
   * @returns The captured payment
   */
  @EntityIdParam('payment', 'pay')
  @ApiTags('Payments')
  @Post(':id/capture')
  @HttpCode(200)
  capturePayment(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() body: CapturePaymentDto,
  ): Promise<PaymentEntity> {
    return this.flows.capture(caller, id, body);
  }

  /**
   * Refund a captured payment
   *
   * @remarks Gives all or part of a captured payment back. Several refunds may add up to the
   * captured amount; the payment's `amount_refunded` and `refund_status` follow, and its
   * status becomes `refunded` when everything went back.
   *
   * The refund starts `pending` and becomes `processed` (with its `acquirer_data.arn`): at
   * once at `optimum` speed, 5 days after its creation at `normal` speed, on the account's
   * clock.
   *
   * Refused with 400: "Only captured payments can be refunded." (authorized or failed
   * payments; an authorized payment is refunded by itself when its capture window ends),
   * "The payment has been fully refunded already.", and amounts more than what is left.
   *
   * @returns The new refund (status `pending`)
   */
  @EntityIdParam('payment', 'pay')
  @ApiTags('Refunds')
  @ApiBody({ type: CreateRefundDto, required: false })
  @Post(':id/refund')
  @HttpCode(200)
  refundPayment(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() body: CreateRefundDto,
  ): Promise<RefundEntity> {
    return this.flows.refund(caller, id, body);
  }
}
