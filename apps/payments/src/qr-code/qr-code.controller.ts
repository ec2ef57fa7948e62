import { Body, Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import type { PaymentEntity, QrCodeEntity } from '@platform/contracts';
import { NotFound } from '@platform/domain-kit';
import { Database, orNotFound } from '@platform/event-store';
import { Caller, EntityIdParam, ListQuery, toCollection } from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { toPaymentEntity } from '../payment/dtos/payment.response';
import { listPaymentDetails } from '../payment/payment-details/payment-details.query';
import { CreateQrCodeDto } from './dtos/create-qr-code.dto';
import { QrCodeListQuery } from './dtos/qr-code-list.query';
import { toQrCodeEntity } from './dtos/qr-code.response';
import { QrCodeService } from './qr-code.service';
import { getQrCodeDetails, listQrCodeDetails } from './qr-code-details/qr-code-details.query';

@ApiTags('QR codes')
@Controller('v1/payments/qr_codes')
export class QrCodeController {
  constructor(
    private readonly qrCodes: QrCodeService,
    private readonly database: Database,
  ) {}

  /**
   * Create a QR code
   *
   * @remarks A code customers scan with a UPI app (or, for `bharat_qr`, pay by card). In test mode,
   * POST /v1/simulator/payments with `qr_code_id` pays it as a scanning app would. A
   * payment on a code is captured at once (with its `fee` and `tax`), adds to
   * `payments_amount_received` and `payments_count_received`, and closes a single-use code
   * (`close_reason` `paid`); it is refunded like any other payment.
   *
   * Rules, each refused with 400 naming its field:
   *
   * - `upi_qr` needs the account's UPI QR feature in the key's mode (on by default in test
   * mode, off in live mode until the operator switches it on through the admin API): "UPI
   * QR codes are not enabled for this account in this mode."
   *
   * - "A single_use QR code must have fixed_amount true."
   *
   * - "The payment_amount field is required when fixed_amount is true." / "The
   * payment_amount is allowed only when fixed_amount is true." / "The payment_amount must
   * be at least 100."
   *
   * - "The close_by is allowed only for single_use QR codes." / "The close_by must be at
   * least 15 minutes after the current time." / "The close_by may not be greater than
   * 2147483647."
   *
   * - a `customer_id` that is not a customer of the account and mode: "The id provided
   * does not exist".
   *
   * A single-use code closes by itself when its time runs out, on the account's clock
   * (test mode: POST /v1/simulator/clock/advance moves it): at its `close_by`, or 45 days
   * after its creation without one, with `close_reason` `on_demand`. Multiple-use codes
   * stay active until closed.
   *
   * @returns The new QR code (status `active`)
   */
  @Post()
  @HttpCode(200)
  createQrCode(
    @Caller() caller: RequestContext,
    @Body() body: CreateQrCodeDto,
  ): Promise<QrCodeEntity> {
    return this.qrCodes.create(caller, body);
  }

  /**
   * List QR codes, newest first
   *
   * @remarks Every QR code of the account and mode, closed ones included.
   *
   * @returns A page of QR codes
   */
  @Get()
  async listQrCodes(
    @Caller() caller: RequestContext,
    @Query() query: QrCodeListQuery,
  ): Promise<Collection<QrCodeEntity>> {
    const rows = await listQrCodeDetails(this.database, caller, query, {
      customerId: query.customer_id,
      paymentId: query.payment_id,
    });
    return toCollection(rows.map((row) => toQrCodeEntity(row, this.qrCodes.publicBaseUrl)));
  }

  /**
   * Fetch a QR code
   *
   * @returns The QR code
   */
  @EntityIdParam('QR code', 'qr')
  @Get(':id')
  async fetchQrCode(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
  ): Promise<QrCodeEntity> {
    const row = orNotFound(await getQrCodeDetails(this.database, caller, id));
    return toQrCodeEntity(row, this.qrCodes.publicBaseUrl);
  }

  /**
   * Close a QR code
   *
   * @remarks The code takes no more payments: `status` `closed`, `close_reason` `on_demand`. No
   * body is needed. A code closed already, also by its payment or its time, is refused
   * ("The QR code is already closed."); payments tried on a closed code are refused ("The
   * QR code is closed and accepts no payments.").
   *
   * @returns The closed QR code
   */
  @ApiParam({
    name: 'id',
    required: true,
    description:
      'The QR code id. An id that is not a QR code id at all (not `qr_` and 14 letters or digits) is answered 400 "We are facing some trouble completing your request at the moment. Please try again shortly."; a well-formed id of no code of the account and mode, 400 "The id provided does not exist".',
    schema: { type: 'string', pattern: '^qr_[0-9A-Za-z]{14}$' },
  })
  @Post(':id/close')
  @HttpCode(200)
  closeQrCode(@Caller() caller: RequestContext, @Param('id') id: string): Promise<QrCodeEntity> {
    return this.qrCodes.close(caller, id);
  }

  /**
   * List the payments made on a QR code, newest first
   *
   * @remarks Every payment tried on the code, failed ones included. The card object is not expanded
   * here (use GET /v1/payments/{id}/card).
   *
   * @returns A page of the code's payments
   */
  @EntityIdParam('QR code', 'qr')
  @Get(':id/payments')
  async listQrCodePayments(
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
