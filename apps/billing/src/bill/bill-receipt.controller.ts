import { Controller, Get, Param, Res } from '@nestjs/common';
import { Database, orNotFound } from '@platform/event-store';
import type { FastifyReply } from 'fastify';
import { getBillForReceipt } from './bill-details/bill-details.query';
import { PAGE_HEADERS } from '@platform/customer-pages';
import { renderReceiptPage } from './bill-receipt.html';

/**
 * The page behind a bill's `receipt_url`, for the gateway's public `/bills/:id` (a receipt is shared
 * with the customer, so it needs no key; the id is unguessable). Internal: the gateway's token is
 * checked, and there is no account context, so the bill is found by id alone.
 */
@Controller('internal/bills')
export class BillReceiptController {
  constructor(private readonly database: Database) {}

  /** The headers are set only for a page: an unknown id is answered with the JSON error envelope. */
  @Get(':id/receipt.html')
  async receipt(
    @Param('id') id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const bill = orNotFound(await getBillForReceipt(this.database, id));
    void reply.headers(PAGE_HEADERS);
    return renderReceiptPage(bill);
  }
}
