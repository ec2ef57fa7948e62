import { Controller, Get, Param, Res } from '@nestjs/common';
import { PAY_PAGE_HEADERS } from '@platform/customer-pages';
import { Database, orNotFound } from '@platform/event-store';
import type { FastifyReply } from 'fastify';
import { findPaymentLink } from './payment-link-details/payment-link-details.query';
import { renderPaymentLinkPage } from './payment-link-page.html';

/**
 * The page behind a payment link's `short_url`, for the gateway's public `/l/:id` (sent to the
 * customer, so no key; the id is unguessable). Internal: found by the id alone. The link's read
 * model is written with its payments' captures, so a customer who just paid sees it counted.
 */
@Controller('internal/payment-links')
export class PaymentLinkPageController {
  constructor(private readonly database: Database) {}

  @Get(':id/page.html')
  async page(
    @Param('id') id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const link = orNotFound(await findPaymentLink(this.database, id));
    void reply.headers(PAY_PAGE_HEADERS);
    return renderPaymentLinkPage(link);
  }
}
