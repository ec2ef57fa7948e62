import { Controller, Delete, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import type { InvoiceEntity } from '@platform/contracts';
import { ValidationFailed } from '@platform/domain-kit';
import { Database, orNotFound } from '@platform/event-store';
import { Caller, toCollection } from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { InvoiceListQuery } from './dtos/invoice-list.query';
import { toInvoiceEntity } from './dtos/invoice.response';
import { InvoiceService } from './invoice.service';
import { getInvoiceDetails, listInvoiceDetails } from './invoice-details/invoice-details.query';
import type { InvoiceDetailsRow } from './invoice-details/invoice-details.entity';
import { CatchUp } from '@platform/service-kit';

@CatchUp()
@Controller('v1/invoices')
export class InvoiceController {
  constructor(
    private readonly invoices: InvoiceService,
    private readonly database: Database,
  ) {}

  @Get()
  async list(
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

  @Get(':id')
  async fetch(@Caller() caller: RequestContext, @Param('id') id: string): Promise<InvoiceEntity> {
    const row = orNotFound(await getInvoiceDetails(this.database, caller, id));
    return this.entity(row);
  }

  @Post(':id/issue')
  @HttpCode(200)
  issue(@Caller() caller: RequestContext, @Param('id') id: string): Promise<InvoiceEntity> {
    return this.invoices.issue(caller, id);
  }

  @Post(':id/cancel')
  @HttpCode(200)
  cancel(@Caller() caller: RequestContext, @Param('id') id: string): Promise<InvoiceEntity> {
    return this.invoices.cancel(caller, id);
  }

  /** Drafts only; answers `[]`, as the SDK's types say. */
  @Delete(':id')
  async remove(@Caller() caller: RequestContext, @Param('id') id: string): Promise<[]> {
    await this.invoices.remove(caller, id);
    return [];
  }

  /** `medium`: sms or email. Sends now and records `sms_status`/`email_status` = sent. */
  @Post(':id/notify_by/:medium')
  @HttpCode(200)
  async notify(
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
