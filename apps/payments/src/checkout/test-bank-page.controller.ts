import { Body, Controller, Get, HttpCode, Param, Post, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { TEST_BANK_PAGE_HEADERS } from '../test-bank/test-bank-page.html';
import { TestBankPagesService } from './test-bank-pages.service';

/**
 * The test bank's pages behind the gateway's public /v1/checkout/test-bank/:payment_id (no key: the
 * payment id is unguessable), shown in the checkout modal's nested iframe. The answer is an HTML
 * form post; Fastify's adapter in Nest already parses application/x-www-form-urlencoded bodies.
 */
@Controller('internal/test-bank')
export class TestBankPageController {
  constructor(private readonly pages: TestBankPagesService) {}

  @Get(':id/page.html')
  async page(
    @Param('id') id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const html = await this.pages.challenge(id);
    void reply.headers(TEST_BANK_PAGE_HEADERS);
    return html;
  }

  @Post(':id')
  @HttpCode(200)
  async answer(
    @Param('id') id: string,
    @Body() body: Record<string, unknown> | undefined,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const html = await this.pages.answer(id, body ?? {});
    void reply.headers(TEST_BANK_PAGE_HEADERS);
    return html;
  }
}
