import { Module } from '@nestjs/common';
import { SettlementSettingsController } from './settlement-settings.controller';

@Module({ controllers: [SettlementSettingsController] })
export class BalanceModule {}
