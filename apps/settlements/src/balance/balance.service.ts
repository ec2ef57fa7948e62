import { Injectable } from '@nestjs/common';
import { CommandHandler } from '@platform/event-store';
import type { RequestContext } from '@platform/http';
import { Clock } from '@platform/service-kit';
import { onBalance } from './balance.stream';
import type { ChangeSettlementSettingsDto } from './dtos/change-settlement-settings.dto';
import { toSettlementSettingsEntity } from './dtos/settlement-settings.response';
import type { SettlementSettingsEntity } from './dtos/settlement-settings.response';

/** The balance use case of the admin API: how the account's balance is settled in one mode. */
@Injectable()
export class BalanceService {
  constructor(
    private readonly handler: CommandHandler,
    private readonly clock: Clock,
  ) {}

  /** A new delay applies from the next cycle on, to every payment not settled yet. */
  async changeSettings(
    caller: RequestContext,
    dto: ChangeSettlementSettingsDto,
  ): Promise<SettlementSettingsEntity> {
    const data = {
      delayDays: dto.settlement_delay_days,
      bankTransfersFail: dto.bank_transfers_fail,
    };
    const { state } = await this.handler.handle(
      onBalance({ type: 'ChangeSettlementSettings', data, metadata: this.clock.metadata(caller) }),
    );
    return toSettlementSettingsEntity(caller, state.settings);
  }
}
