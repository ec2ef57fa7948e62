import { Body, Controller, Get, HttpCode, Inject, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { NotFound, ValidationFailed } from '@platform/domain-kit';
import { ContextHeaders } from '@platform/http';
import { SERVICE_OPTIONS } from '@platform/service-kit';
import type { ServiceKitOptions } from '@platform/service-kit';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import { request } from 'undici';
import { AccountRow } from '../account/account.entity';
import { AdminTokenGuard } from '../account/admin-token.guard';
import type { GatewayConfig } from '../gateway.config';

type Mode = 'test' | 'live';

function modeOf(value: unknown): Mode {
  if (value !== 'test' && value !== 'live') throw new ValidationFailed('The mode must be test or live.', 'mode');
  return value;
}

/**
 * Offers (dashboard objects on Razorpay) through the admin API, per account and mode: the gateway
 * checks the admin token and the account, and billing keeps the offers (its internal /internal/offers).
 */
@Controller('admin/v1/accounts/:id/offers')
@UseGuards(AdminTokenGuard)
export class AccountOffersController {
  private readonly config: GatewayConfig;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(SERVICE_OPTIONS) options: ServiceKitOptions,
  ) {
    this.config = options.config as GatewayConfig;
  }

  /** `{mode, name, discount_type: percent|flat, discount_percent | discount_amount, max_discount?, cycles?, currency?, display_text?}`. */
  @Post()
  @HttpCode(200)
  async create(@Param('id') accountId: string, @Body() body: Record<string, unknown> | undefined, @Res() reply: FastifyReply): Promise<void> {
    const { mode, ...offer } = body ?? {};
    await this.forward(reply, accountId, modeOf(mode), 'POST', '/internal/offers', offer);
  }

  @Get()
  async list(@Param('id') accountId: string, @Query() query: Record<string, string>, @Res() reply: FastifyReply): Promise<void> {
    const { mode, ...page } = query;
    await this.forward(reply, accountId, modeOf(mode), 'GET', `/internal/offers?${new URLSearchParams(page).toString()}`);
  }

  @Get(':offerId')
  async fetch(@Param('id') accountId: string, @Param('offerId') offerId: string, @Query('mode') mode: string, @Res() reply: FastifyReply): Promise<void> {
    await this.forward(reply, accountId, modeOf(mode), 'GET', `/internal/offers/${encodeURIComponent(offerId)}`);
  }

  /** An inactive offer can no longer be linked to subscriptions; those that have it keep it. */
  @Post(':offerId/deactivate')
  @HttpCode(200)
  async deactivate(@Param('id') accountId: string, @Param('offerId') offerId: string, @Body() body: Record<string, unknown> | undefined, @Res() reply: FastifyReply): Promise<void> {
    await this.forward(reply, accountId, modeOf(body?.['mode']), 'POST', `/internal/offers/${encodeURIComponent(offerId)}/deactivate`, {});
  }

  private async forward(reply: FastifyReply, accountId: string, mode: Mode, method: 'GET' | 'POST', path: string, body?: unknown): Promise<void> {
    if (!(await this.dataSource.manager.existsBy(AccountRow, { id: accountId }))) throw new NotFound();
    const upstream = await request(`${this.config.BILLING_URL}${path}`, {
      method,
      headers: {
        [ContextHeaders.internalToken]: this.config.INTERNAL_TOKEN,
        [ContextHeaders.accountId]: accountId,
        [ContextHeaders.mode]: mode,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    await reply.status(upstream.statusCode).header('content-type', 'application/json; charset=utf-8').send(Buffer.from(await upstream.body.arrayBuffer()));
  }
}
