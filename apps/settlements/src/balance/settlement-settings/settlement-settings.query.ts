import { findInScope } from '@platform/event-store';
import type { ReadScope, SqlRunner } from '@platform/event-store';
import { balanceIdOf, DEFAULT_SETTLEMENT_SETTINGS } from '../balance.decider';
import type { SettlementSettings } from '../balance.events';
import { SettlementSettingsRow } from './settlement-settings.entity';

export async function getSettlementSettings(
  db: SqlRunner,
  scope: ReadScope,
): Promise<SettlementSettings> {
  const row = await findInScope(db, SettlementSettingsRow, scope, balanceIdOf(scope));
  return row
    ? { delayDays: row.delayDays, bankTransfersFail: row.bankTransfersFail }
    : DEFAULT_SETTLEMENT_SETTINGS;
}
