import { Body, Controller, HttpCode, Param, Patch, Post } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { PaymentLinkEntity } from '@platform/contracts';
import { Caller } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { CreatePaymentLinkDto } from '../payment-link/dtos/create-payment-link.dto';
import { EditPaymentLinkDto } from '../payment-link/dtos/edit-payment-link.dto';
import { checkPaymentLinkId, PaymentLinkIdParam } from '../payment-link/payment-link-id';
import { PaymentLinkFlowsService } from './payment-link-flows.service';

/** The payment link routes that write the link and its order: each runs a flow. */
@ApiTags('Payment links')
@Controller('v1/payment_links')
export class PaymentLinkFlowsController {
  constructor(private readonly flows: PaymentLinkFlowsService) {}

  /**
   * Create a payment link
   *
   * @remarks A page (`short_url`) where the customer pays `amount`. The link's payments go through
   * an order of its own (`order_id`, made with the link: `receipt` its `reference_id`,
   * `product_type` `payment_link_v2`), captured at once, and are refunded, disputed and
   * settled like any payment. In test mode, POST /v1/simulator/payments with
   * `payment_link_id` pays it as its page would.
   *
   * Each captured payment adds to `amount_paid` and is listed in `payments`; the link becomes
   * `partially_paid` (with `accept_partial`), then `paid`. It expires at `expire_by` (six
   * months after its creation without one) on the account's clock, unless paid. With
   * `notify.sms` / `notify.email` it is sent to the customer at once.
   *
   * Refused with 400 (field named): "payment link creation with reference ID already
   * attempted", "timestamp must be atleast 15 minutes in future", "wrong input fields sent.",
   * "UPI Payment Links is not supported in Test Mode. Please experience the product in Live
   * Mode.", "upi is currently supported only in indian currency", "partial payment not
   * supported in upi link", "value: the length must not be greater than 255." (a note), and
   * the fields' own rules.
   *
   * @returns The new payment link (status `created`)
   */
  @Post()
  @HttpCode(200)
  createPaymentLink(
    @Caller() caller: RequestContext,
    @Body() body: CreatePaymentLinkDto,
  ): Promise<PaymentLinkEntity> {
    return this.flows.create(caller, body);
  }

  /**
   * Update a payment link
   *
   * @remarks Changes `reference_id`, `expire_by`, `notes`, `reminder_enable` and `accept_partial`
   * while the link is `created` or `partially_paid` ("update can only be made in created or
   * partially paid state"). `accept_partial` changes what the link's next payment may be.
   *
   * @returns The payment link
   */
  @PaymentLinkIdParam()
  @Patch(':id')
  updatePaymentLink(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() body: EditPaymentLinkDto,
  ): Promise<PaymentLinkEntity> {
    return this.flows.edit(caller, checkPaymentLinkId(id), body);
  }

  /**
   * Cancel a payment link
   *
   * @remarks A `created` link takes no more payments: `cancelled`, with `cancelled_at`; its order
   * refuses payments too (a payment racing the cancel either pays the link first, and the
   * cancel is refused, or is refused itself). No body. Refused with 400: "cannot cancel or
   * expire an already paid/partially paid link", "cannot cancel or expire an expired link",
   * "cannot cancel or expire an already cancelled link".
   *
   * @returns The cancelled payment link
   */
  @PaymentLinkIdParam()
  @Post(':id/cancel')
  @HttpCode(200)
  cancelPaymentLink(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
  ): Promise<PaymentLinkEntity> {
    return this.flows.cancel(caller, checkPaymentLinkId(id));
  }
}
