import {
  Body,
  Controller,
  Get,
  HttpCode,
  Param,
  Post,
  Query,
  Res,
  UseGuards,
} from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { AdminTokenGuard } from '../account/admin-token.guard';
import { modeOf, ServiceForwarder } from '../admin/service-forwarder';

/**
 * Offers (dashboard objects on Razorpay) through the admin API, per account and mode: the gateway
 * checks the admin token and the account, and billing keeps the offers (its internal /internal/offers).
 */
@Controller('admin/v1/accounts/:id/offers')
@UseGuards(AdminTokenGuard)
export class AccountOffersController {
  constructor(private readonly forwarder: ServiceForwarder) {}

  /** `{mode, name, discount_type: percent|flat, discount_percent | discount_amount, max_discount?, cycles?, currency?, display_text?}`. */
  @Post()
  @HttpCode(200)
  async create(
    @Param('id') accountId: string,
    @Body() body: Record<string, unknown> | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { mode, ...offer } = body ?? {};
    await this.forwarder.forward(reply, 'billing', {
      accountId,
      mode: modeOf(mode),
      method: 'POST',
      path: '/internal/offers',
      body: offer,
    });
  }

  @Get()
  async list(
    @Param('id') accountId: string,
    @Query() query: Record<string, string>,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { mode, ...page } = query;
    await this.forwarder.forward(reply, 'billing', {
      accountId,
      mode: modeOf(mode),
      method: 'GET',
      path: `/internal/offers?${new URLSearchParams(page).toString()}`,
    });
  }

  @Get(':offerId')
  async fetch(
    @Param('id') accountId: string,
    @Param('offerId') offerId: string,
    @Query('mode') mode: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.forwarder.forward(reply, 'billing', {
      accountId,
      mode: modeOf(mode),
      method: 'GET',
      path: `/internal/offers/${encodeURIComponent(offerId)}`,
    });
  }

  /** An inactive offer can no longer be linked to subscriptions; those that have it keep it. */
  @Post(':offerId/deactivate')
  @HttpCode(200)
  async deactivate(
    @Param('id') accountId: string,
    @Param('offerId') offerId: string,
    @Body() body: Record<string, unknown> | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.forwarder.forward(reply, 'billing', {
      accountId,
      mode: modeOf(body?.['mode']),
      method: 'POST',
      path: `/internal/offers/${encodeURIComponent(offerId)}/deactivate`,
      body: {},
    });
  }
}
