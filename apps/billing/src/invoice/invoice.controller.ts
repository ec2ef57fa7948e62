import { Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiParam, ApiTags } from '@nestjs/swagger';
import type { InvoiceEntity } from '@platform/contracts';
import { ValidationFailed } from '@platform/domain-kit';
import { Database, orNotFound } from '@platform/event-store';
import { Caller, EntityIdParam, toCollection } from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { InvoiceListQuery } from './dtos/invoice-list.query';
import { toInvoiceEntity } from './dtos/invoice.response';
import { InvoiceService } from './invoice.service';
import { getInvoiceDetails, listInvoiceDetails } from './invoice-details/invoice-details.query';
import type { InvoiceDetailsRow } from './invoice-details/invoice-details.entity';
import { CatchUp } from '@platform/service-kit';

@ApiTags('Invoices')
@CatchUp()
@Controller('v1/invoices')
export class InvoiceController {
  constructor(
    private readonly invoices: InvoiceService,
    private readonly database: Database,
  ) {}

  /**
   * List invoices, newest first
   *
   * @remarks Deleted drafts are not listed. Unknown query keys are ignored.
   *
   * @returns A page of invoices
   */
  @Get()
  async listInvoices(
    @Caller() caller: RequestContext,
    @Query() query: InvoiceListQuery,
  ): Promise<Collection<InvoiceEntity>> {
    const { type, payment_id, receipt, customer_id, subscription_id } = query;
    const rows = await listInvoiceDetails(this.database, caller, query, {
      type,
      payment_id,
      receipt,
      customer_id,
      subscription_id,
    });
    return toCollection(rows.map((row) => this.entity(row)));
  }

  /**
   * Fetch an invoice
   *
   * @returns The invoice
   */
  @EntityIdParam('invoice', 'inv')
  @Get(':id')
  async fetchInvoice(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
  ): Promise<InvoiceEntity> {
    const row = orNotFound(await getInvoiceDetails(this.database, caller, id));
    return this.entity(row);
  }

  /**
   * Issue a draft invoice
   *
   * @remarks Drafts only ("Only a draft invoice can be issued; this one is issued."). The draft
   * must be issuable: at least one line ("An invoice needs at least one line item to be
   * issued."), an amount of at least 100 ("The invoice amount must be at least 100 (it is
   * 50)."), a customer for `type: invoice` ("The customer_id or customer is required to
   * issue an invoice."), and an `expire_by` still in the future ("The expire_by must be in
   * the future."). Issuing gives the invoice its `order_id`, `short_url` and `issued_at`,
   * and sends the notifications its flags ask for. No body.
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
   * @returns The issued invoice
   */
  @EntityIdParam('invoice', 'inv')
  @Post(':id/issue')
  @HttpCode(200)
  issueInvoice(@Caller() caller: RequestContext, @Param('id') id: string): Promise<InvoiceEntity> {
    return this.invoices.issue(caller, id);
  }

  /**
   * Cancel an issued invoice
   *
   * @remarks Only an `issued` invoice, with no payment yet ("Only an issued invoice can be
   * cancelled; this one is partially paid."). Its order takes no more payments. No body.
   *
   * @returns The cancelled invoice
   */
  @EntityIdParam('invoice', 'inv')
  @Post(':id/cancel')
  @HttpCode(200)
  cancelInvoice(@Caller() caller: RequestContext, @Param('id') id: string): Promise<InvoiceEntity> {
    return this.invoices.cancel(caller, id);
  }

  /**
   * Delete a draft invoice
   *
   * @remarks Drafts only ("Only a draft invoice can be deleted; this one is issued."). Answers
   * `[]`; the invoice is gone from then on ("The id provided does not exist") and its
   * receipt is free again.
   *
   * @returns An empty array
   */
  // Drafts only; answers `[]`, as the SDK's types say.
  @EntityIdParam('invoice', 'inv')
  @Delete(':id')
  async deleteInvoice(@Caller() caller: RequestContext, @Param('id') id: string): Promise<[]> {
    await this.invoices.remove(caller, id);
    return [];
  }

  /**
   * Send an invoice to its customer by sms or email
   *
   * @remarks Sends a message with the amount due and the `short_url` now, then records `sms_status`
   * or `email_status` `sent`. Not for a draft ("A draft invoice cannot be sent: issue it
   * first."), nor a cancelled or expired invoice ("A cancelled invoice cannot be sent.");
   * the customer needs the address ("The invoice's customer has no contact to send it
   * to.", "The invoice's customer has no email to send it to.", field `medium`). Email
   * goes out over SMTP when the service is configured with one, otherwise to the service
   * log; sms always goes to the log. No body.
   *
   * @returns Sent
   */
  @EntityIdParam('invoice', 'inv')
  @ApiParam({
    name: 'medium',
    required: true,
    description: '"The medium must be sms or email."',
    schema: { type: 'string', enum: ['sms', 'email'] },
  })
  @Post(':id/notify_by/:medium')
  @HttpCode(200)
  async notifyInvoice(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Param('medium') medium: string,
  ): Promise<{ success: boolean }> {
    if (medium !== 'sms' && medium !== 'email')
      throw new ValidationFailed('The medium must be sms or email.', 'medium');
    await this.invoices.notify(caller, id, medium);
    return { success: true };
  }

  private entity(row: InvoiceDetailsRow): InvoiceEntity {
    return toInvoiceEntity(row, this.invoices.publicBaseUrl);
  }
}
