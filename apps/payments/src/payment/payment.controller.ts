import { Body, Controller, Get, Param, Patch, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
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
import { toRefundEntity } from '../refund/dtos/refund.response';
import { getRefundDetails, listRefundDetails } from '../refund/refund-details/refund-details.query';
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
