import { Body, Controller, Get, Param, Patch, Query, Res, UseGuards } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { AdminTokenGuard } from '../account/admin-token.guard';
import { modeOf, ServiceForwarder } from '../admin/service-forwarder';

/**
 * An account's ledger and settlement settings through the admin API, per mode: the gateway checks
 * the admin token and the account, and the settlements service keeps both (its internal
 * /internal/ledger and /internal/settlement-settings).
 */
@Controller('admin/v1/accounts/:id')
@UseGuards(AdminTokenGuard)
export class AccountSettlementsController {
  constructor(private readonly forwarder: ServiceForwarder) {}

  /** Every ledger account's balance per currency, and whether the ledger balances. */
  @Get('ledger')
  async ledger(
    @Param('id') accountId: string,
    @Query('mode') mode: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.readFromSettlements(reply, accountId, mode, '/internal/ledger');
  }

  @Get('settlement_settings')
  async settings(
    @Param('id') accountId: string,
    @Query('mode') mode: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.readFromSettlements(reply, accountId, mode, '/internal/settlement-settings');
  }

  /** `{mode, settlement_delay_days?, bank_transfers_fail?}`; settlements checks the rest and refuses unknown fields. */
  @Patch('settlement_settings')
  async changeSettings(
    @Param('id') accountId: string,
    @Body() body: Record<string, unknown> | undefined,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const { mode, ...settings } = body ?? {};
    await this.forwarder.forward(reply, 'settlements', {
      accountId,
      mode: modeOf(mode),
      method: 'PATCH',
      path: '/internal/settlement-settings',
      body: settings,
    });
  }

  /** The account's `path` in settlements, in the mode asked for. */
  private readFromSettlements(
    reply: FastifyReply,
    accountId: string,
    mode: string,
    path: string,
  ): Promise<void> {
    return this.forwarder.forward(reply, 'settlements', {
      accountId,
      mode: modeOf(mode),
      method: 'GET',
      path,
    });
  }
}
