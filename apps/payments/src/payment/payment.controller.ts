import { Body, Controller, Get, Param, Patch, Query } from '@nestjs/common';
import type { CardEntity, PaymentEntity, RefundEntity } from '@platform/contracts';
import { NotFound, ValidationFailed } from '@platform/domain-kit';
import { Database, orNotFound } from '@platform/event-store';
import { Caller, Expansions, ListQuery, NotesUpdateDto, toCollection } from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { toRefundEntity } from '../refund/dtos/refund.response';
import { getRefundDetails, listRefundDetails } from '../refund/refund-details/refund-details.query';
import { EditQrPaymentDto } from './dtos/edit-qr-payment.dto';
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

  @Get()
  async list(
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

  @Get(':id')
  async fetch(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Expansions() expand: string[],
  ): Promise<PaymentEntity> {
    return toPaymentEntity(await this.found(caller, id), expansionsOf(expand));
  }

  /** Only `notes` can change. */
  @Patch(':id')
  edit(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() body: NotesUpdateDto,
  ): Promise<PaymentEntity> {
    return this.payments.editNotes(caller, id, body);
  }

  @Get(':id/card')
  async card(@Caller() caller: RequestContext, @Param('id') id: string): Promise<CardEntity> {
    const payment = await this.found(caller, id);
    if (payment.method !== 'card' || !payment.card)
      throw new ValidationFailed('payment was not done using card');
    return toCardEntity(payment.card);
  }

  /** The notes of one payment made on a QR code: `{payment_id, notes}`. */
  @Patch('qr_codes/:id/payments')
  editQrPayment(
    @Caller() caller: RequestContext,
    @Param('id') qrCodeId: string,
    @Body() body: EditQrPaymentDto,
  ): Promise<PaymentEntity> {
    return this.payments.editQrPaymentNotes(caller, qrCodeId, body);
  }

  @Get(':id/refunds')
  async refunds(
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

  @Get(':id/refunds/:refund_id')
  async refundOf(
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
