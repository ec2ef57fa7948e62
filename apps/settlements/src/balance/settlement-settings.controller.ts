import { Body, Controller, Get, Patch } from '@nestjs/common';
import { Database } from '@platform/event-store';
import { Caller } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { BalanceService } from './balance.service';
import { ChangeSettlementSettingsDto } from './dtos/change-settlement-settings.dto';
import { toSettlementSettingsEntity } from './dtos/settlement-settings.response';
import type { SettlementSettingsEntity } from './dtos/settlement-settings.response';
import { getSettlementSettings } from './settlement-settings/settlement-settings.query';

/**
 * Internal (the gateway's admin API): how an account's balance is settled in one mode. A new delay
 * applies from the next cycle on, to every payment not settled yet.
 */
@Controller('internal/settlement-settings')
export class SettlementSettingsController {
  constructor(
    private readonly balances: BalanceService,
    private readonly database: Database,
  ) {}

  @Get()
  async fetch(@Caller() caller: RequestContext): Promise<SettlementSettingsEntity> {
    return toSettlementSettingsEntity(caller, await getSettlementSettings(this.database, caller));
  }

  @Patch()
  change(
    @Caller() caller: RequestContext,
    @Body() body: ChangeSettlementSettingsDto,
  ): Promise<SettlementSettingsEntity> {
    return this.balances.changeSettings(caller, body);
  }
}
