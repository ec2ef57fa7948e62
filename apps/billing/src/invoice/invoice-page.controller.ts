import { Controller, Get, Param, Res } from '@nestjs/common';
import { Database, orNotFound } from '@platform/event-store';
import { EventCatchUp } from '@platform/messaging';
import type { FastifyReply } from 'fastify';
import { PAY_PAGE_HEADERS } from '@platform/customer-pages';
import { toInvoiceEntity } from './dtos/invoice.response';
import { InvoiceService } from './invoice.service';
import { findIssuedInvoice } from './invoice-details/invoice-details.query';
import { renderInvoicePage } from './invoice-page.html';
import { paymentsOfInvoice } from './invoice-payments';

/**
 * The page behind an issued invoice's `short_url`, for the gateway's public `/i/:id` (shared with the
 * customer, so no key; the id is unguessable). Internal: there is no account context, so the invoice
 * is found by id alone; drafts have no page. Its account's payments are caught up on first
 * (EventCatchUp): a customer who just paid sees the invoice paid, and the payments it counted.
 */
@Controller('internal/invoices')
export class InvoicePageController {
  constructor(
    private readonly database: Database,
    private readonly invoices: InvoiceService,
    private readonly catchUp: EventCatchUp,
  ) {}

  @Get(':id/page.html')
  async page(
    @Param('id') id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const found = orNotFound(await findIssuedInvoice(this.database, id));
    await this.catchUp.forCaller({ ...found, requestId: `page:${id}` });
    const row = orNotFound(await findIssuedInvoice(this.database, id));
    void reply.headers(PAY_PAGE_HEADERS);
    return renderInvoicePage(
      toInvoiceEntity(row, this.invoices.publicBaseUrl),
      await paymentsOfInvoice(this.database, row),
    );
  }
}
