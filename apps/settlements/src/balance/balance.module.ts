import { Module } from '@nestjs/common';
import { BalanceService } from './balance.service';
import { SettlementSettingsController } from './settlement-settings.controller';

@Module({ controllers: [SettlementSettingsController], providers: [BalanceService] })
export class BalanceModule {}
