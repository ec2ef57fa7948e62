import { Body, Controller, HttpCode, Param, Patch, Post } from '@nestjs/common';
import type { InvoiceEntity } from '@platform/contracts';
import { ApiTags } from '@nestjs/swagger';
import { Caller, EntityIdParam } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { CatchUp } from '@platform/service-kit';
import { CreateInvoiceDto } from '../invoice/dtos/create-invoice.dto';
import { UpdateInvoiceDto } from '../invoice/dtos/update-invoice.dto';
import { InvoiceFlowsService } from './invoice-flows.service';

/** The invoice routes that may make a customer too (an inline customer): each runs a flow. */
@ApiTags('Invoices')
@CatchUp()
@Controller('v1/invoices')
export class InvoiceFlowsController {
  constructor(private readonly flows: InvoiceFlowsService) {}

  /**
   * Create an invoice (issued at once, or a draft)
   *
   * @remarks **Lifecycle.** `draft` (POST with `draft: "1"`) → `issued` (POST
   * /v1/invoices/{id}/issue, or at once by a POST without `draft`) → `partially_paid` (a
   * captured payment that leaves something due) → `paid` (nothing due). An `issued`
   * invoice (no payment yet) can be `cancelled`; an `issued` or `partially_paid` one still
   * unpaid at its `expire_by` becomes `expired`, on the account's clock (test mode: POST
   * /v1/simulator/clock/advance moves it); moving `expire_by` moves the deadline. A
   * `draft` can be deleted (gone from then on: "The id provided does not exist"). Each
   * change is published on the Kafka topic `billing.invoice` (`invoice.issued`,
   * `invoice.partially_paid`, `invoice.paid`, `invoice.cancelled`, `invoice.expired`, the
   * invoice after the change, keyed by its id).
   *
   * **Paying.** An invoice is paid through its order (`order_id`, chosen when it is
   * issued) in the payments service: the order is opened from billing's `invoice.issued`
   * event, so it exists shortly after the issue, not at once. It is captured at once,
   * takes parts of the amount only with `partial_payment` (otherwise the payment must be
   * the amount due), and is closed when the invoice is cancelled or expires. Each captured
   * payment counts towards the invoice (`amount_paid`, `payment_id`), once however often
   * it is reported. In test mode: POST /v1/simulator/payments with `invoice_id` (instead
   * of `order_id`; amount by default the amount due) answers `razorpay_order_id` and
   * `razorpay_invoice_id` with the payment; before the order exists it answers 400 "The id
   * provided does not exist (or the invoice is not issued yet)" (field `invoice_id`).
   *
   * @returns The invoice, with its computed amounts; issued: with its `order_id` and `short_url`
   */
  @Post()
  @HttpCode(200)
  createInvoice(
    @Caller() caller: RequestContext,
    @Body() body: CreateInvoiceDto,
  ): Promise<InvoiceEntity> {
    return this.flows.create(caller, body);
  }

  /**
   * Update an invoice
   *
   * @remarks A draft: any field. Issued or partly paid: only notes, description, expire_by,
   * sms_notify and email_notify can. A new `expire_by` moves the deadline.
   *
   * @returns The invoice after the update, re-priced
   */
  @EntityIdParam('invoice', 'inv')
  @Patch(':id')
  updateInvoice(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() body: UpdateInvoiceDto,
  ): Promise<InvoiceEntity> {
    return this.flows.edit(caller, id, body);
  }
}
