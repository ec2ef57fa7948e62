import type { SettlementSettings } from '../balance.events';

export interface SettlementSettingsEntity {
  entity: 'settlement_settings';
  account_id: string;
  mode: 'test' | 'live';
  settlement_delay_days: number;
  bank_transfers_fail: boolean;
}

export function toSettlementSettingsEntity(
  scope: { accountId: string; mode: 'test' | 'live' },
  settings: SettlementSettings,
): SettlementSettingsEntity {
  return {
    entity: 'settlement_settings',
    account_id: scope.accountId,
    mode: scope.mode,
    settlement_delay_days: settings.delayDays,
    bank_transfers_fail: settings.bankTransfersFail,
  };
}
