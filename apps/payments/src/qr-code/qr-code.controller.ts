import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import type { PaymentEntity, QrCodeEntity } from '@platform/contracts';
import { NotFound } from '@platform/domain-kit';
import { Database, orNotFound } from '@platform/event-store';
import { Caller, ListQuery, toCollection } from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { toPaymentEntity } from '../payment/dtos/payment.response';
import { listPaymentDetails } from '../payment/payment-details/payment-details.query';
import { CreateQrCodeDto } from './dtos/create-qr-code.dto';
import { QrCodeListQuery } from './dtos/qr-code-list.query';
import { toQrCodeEntity } from './dtos/qr-code.response';
import { QrCodeService } from './qr-code.service';
import { getQrCodeDetails, listQrCodeDetails } from './qr-code-details/qr-code-details.query';

@Controller('v1/payments/qr_codes')
export class QrCodeController {
  constructor(
    private readonly qrCodes: QrCodeService,
    private readonly database: Database,
  ) {}

  @Post()
  @HttpCode(200)
  create(@Caller() caller: RequestContext, @Body() body: CreateQrCodeDto): Promise<QrCodeEntity> {
    return this.qrCodes.create(caller, body);
  }

  @Get()
  async list(
    @Caller() caller: RequestContext,
    @Query() query: QrCodeListQuery,
  ): Promise<Collection<QrCodeEntity>> {
    const rows = await listQrCodeDetails(this.database, caller, query, {
      customerId: query.customer_id,
      paymentId: query.payment_id,
    });
    return toCollection(rows.map((row) => toQrCodeEntity(row, this.qrCodes.publicBaseUrl)));
  }

  @Get(':id')
  async fetch(@Caller() caller: RequestContext, @Param('id') id: string): Promise<QrCodeEntity> {
    const row = orNotFound(await getQrCodeDetails(this.database, caller, id));
    return toQrCodeEntity(row, this.qrCodes.publicBaseUrl);
  }

  @Post(':id/close')
  @HttpCode(200)
  close(@Caller() caller: RequestContext, @Param('id') id: string): Promise<QrCodeEntity> {
    return this.qrCodes.close(caller, id);
  }

  @Get(':id/payments')
  async payments(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Query() query: ListQuery,
  ): Promise<Collection<PaymentEntity>> {
    if (!(await getQrCodeDetails(this.database, caller, id))) throw new NotFound();
    return toCollection(
      (await listPaymentDetails(this.database, caller, query, { qrCodeId: id })).map((row) =>
        toPaymentEntity(row),
      ),
    );
  }
}
