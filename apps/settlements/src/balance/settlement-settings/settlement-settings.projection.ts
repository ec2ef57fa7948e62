import { rowOrigin, rowProjection } from '@platform/event-store';
import type { StoredEvent } from '@platform/event-store';
import type { BalanceEvent } from '../balance.events';
import { SettlementSettingsRow } from './settlement-settings.entity';

export function evolveSettlementSettings(
  row: SettlementSettingsRow | null,
  stored: StoredEvent,
): SettlementSettingsRow | null {
  const event = stored as StoredEvent<BalanceEvent>;
  if (event.type !== 'SettlementSettingsChanged') return row;
  const { delayDays, bankTransfersFail } = event.data;
  return { ...(row ?? rowOrigin(event, event.metadata.now)), delayDays, bankTransfersFail };
}

export const settlementSettingsProjection = rowProjection<SettlementSettingsRow>({
  name: 'settlement-settings',
  entity: SettlementSettingsRow,
  canHandle: ['SettlementSettingsChanged'],
  evolve: evolveSettlementSettings,
});
