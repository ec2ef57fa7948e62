import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiBody, ApiTags } from '@nestjs/swagger';
import type { CardEntity, PaymentEntity, RefundEntity } from '@platform/contracts';
import { NotFound, ValidationFailed } from '@platform/domain-kit';
import { Database, orNotFound } from '@platform/event-store';
import {
  Caller,
  EntityIdParam,
  ExpandQuery,
  Expansions,
  ListQuery,
  NotesUpdateDto,
  toCollection,
} from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { CreateRefundDto } from '../refund/dtos/create-refund.dto';
import { toRefundEntity } from '../refund/dtos/refund.response';
import { getRefundDetails, listRefundDetails } from '../refund/refund-details/refund-details.query';
import { CapturePaymentDto } from './dtos/capture-payment.dto';
import { expansionsOf, toCardEntity, toPaymentEntity } from './dtos/payment.response';
import { PaymentService } from './payment.service';
import { getPaymentDetails, listPaymentDetails } from './payment-details/payment-details.query';
import type { PaymentDetailsRow } from './payment-details/payment-details.entity';

@Controller('v1/payments')
export class PaymentController {
  constructor(
    private readonly payments: PaymentService,
    private readonly database: Database,
  ) {}

  /**
   * List payments, newest first
   *
   * @remarks Every payment of the account and mode, failed ones included.
   *
   * @returns A page of payments
   */
  @ExpandQuery(
    "`card`: include the card object in `card` (null for payments not made by card). `upi`: include how a UPI payment was made in `upi` (absent on payments of other methods). Both may be asked for at once. Every encoding clients use is read: `expand[]=card`, `expand[0]=card`, `expand=card`, and the official SDK's `expand[expand]=card` and `expand[expand][0]=card`. Other values (`emi`, `offers`…) are ignored.",
    { examples: ['card', 'upi'] },
  )
  @ApiTags('Payments')
  @Get()
  async listPayments(
    @Caller() caller: RequestContext,
    @Query() query: ListQuery,
    @Expansions() expand: string[],
  ): Promise<Collection<PaymentEntity>> {
    return toCollection(
      (await listPaymentDetails(this.database, caller, query)).map((row) =>
        toPaymentEntity(row, expansionsOf(expand)),
      ),
    );
  }

  /**
   * Fetch a payment
   *
   * @returns The payment
   */
  @EntityIdParam('payment', 'pay')
  @ExpandQuery(
    "`card`: include the card object in `card` (null for payments not made by card). `upi`: include how a UPI payment was made in `upi` (absent on payments of other methods). Both may be asked for at once. Every encoding clients use is read: `expand[]=card`, `expand[0]=card`, `expand=card`, and the official SDK's `expand[expand]=card` and `expand[expand][0]=card`. Other values (`emi`, `offers`…) are ignored.",
    { examples: ['card', 'upi'] },
  )
  @ApiTags('Payments')
  @Get(':id')
  async fetchPayment(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Expansions() expand: string[],
  ): Promise<PaymentEntity> {
    return toPaymentEntity(await this.found(caller, id), expansionsOf(expand));
  }

  /**
   * Edit the notes of a payment
   *
   * @returns The payment with its new notes
   */
  // Only `notes` can change.
  @EntityIdParam('payment', 'pay')
  @ApiTags('Payments')
  @Patch(':id')
  editPayment(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() body: NotesUpdateDto,
  ): Promise<PaymentEntity> {
    return this.payments.editNotes(caller, id, body);
  }

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
    return this.payments.capture(caller, id, body);
  }

  /**
   * Fetch the card of a payment
   *
   * @remarks A payment not made by card is answered 400 "payment was not done using card".
   *
   * @returns The card the payment was made with
   */
  @EntityIdParam('payment', 'pay')
  @ApiTags('Payments')
  @Get(':id/card')
  async fetchPaymentCard(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
  ): Promise<CardEntity> {
    const payment = await this.found(caller, id);
    if (payment.method !== 'card' || !payment.card)
      throw new ValidationFailed('payment was not done using card');
    return toCardEntity(payment.card);
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
    return this.payments.refund(caller, id, body);
  }

  /**
   * List the refunds of a payment, newest first
   *
   * @returns A page of the payment's refunds
   */
  @EntityIdParam('payment', 'pay')
  @ApiTags('Refunds')
  @Get(':id/refunds')
  async listPaymentRefunds(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Query() query: ListQuery,
  ): Promise<Collection<RefundEntity>> {
    await this.found(caller, id);
    return toCollection(
      (await listRefundDetails(this.database, caller, query, { paymentId: id })).map(
        toRefundEntity,
      ),
    );
  }

  /**
   * Fetch a refund of a payment
   *
   * @returns The refund
   */
  @EntityIdParam('payment', 'pay')
  @EntityIdParam('refund', 'rfnd', 'refund_id')
  @ApiTags('Refunds')
  @Get(':id/refunds/:refund_id')
  async fetchPaymentRefund(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Param('refund_id') refundId: string,
  ): Promise<RefundEntity> {
    const refund = await getRefundDetails(this.database, caller, refundId);
    if (!refund || refund.paymentId !== id) throw new NotFound();
    return toRefundEntity(refund);
  }

  private async found(caller: RequestContext, id: string): Promise<PaymentDetailsRow> {
    const row = orNotFound(await getPaymentDetails(this.database, caller, id));
    return row;
  }
}
