import { Body, Controller, Get, Patch } from '@nestjs/common';
import { CommandHandler, Database } from '@platform/event-store';
import { Caller } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { Clock } from '@platform/service-kit';
import { onBalance } from './balance.stream';
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
    private readonly handler: CommandHandler,
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  @Get()
  async fetch(@Caller() caller: RequestContext): Promise<SettlementSettingsEntity> {
    return toSettlementSettingsEntity(caller, await getSettlementSettings(this.database, caller));
  }

  @Patch()
  async change(
    @Caller() caller: RequestContext,
    @Body() body: ChangeSettlementSettingsDto,
  ): Promise<SettlementSettingsEntity> {
    const data = {
      delayDays: body.settlement_delay_days,
      bankTransfersFail: body.bank_transfers_fail,
    };
    const { state } = await this.handler.handle(
      onBalance({ type: 'ChangeSettlementSettings', data, metadata: this.clock.metadata(caller) }),
    );
    return toSettlementSettingsEntity(caller, state.settings);
  }
}
