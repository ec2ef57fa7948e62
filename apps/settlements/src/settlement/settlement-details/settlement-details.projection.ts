import { newRow, rowProjection } from '@platform/event-store';
import type { StoredEvent } from '@platform/event-store';
import type { SettlementEvent } from '../settlement.events';
import { SettlementDetailsRow } from './settlement-details.entity';

const seconds = (ms: number) => Math.floor(ms / 1000);

export function evolveSettlementDetails(
  row: SettlementDetailsRow | null,
  stored: StoredEvent,
): SettlementDetailsRow | null {
  const event = stored as StoredEvent<SettlementEvent>;
  switch (event.type) {
    case 'SettlementCreated': {
      const { currency, amount, entryIds, createdAt } = event.data;
      return newRow(event, createdAt, {
        currency,
        amount,
        status: 'created',
        utr: null,
        entryCount: entryIds.length,
        processedAt: null,
        failedAt: null,
        failureReason: null,
      });
    }
    case 'SettlementProcessed':
      return (
        row && {
          ...row,
          status: 'processed',
          utr: event.data.utr,
          processedAt: seconds(event.data.processedAt),
        }
      );
    case 'SettlementFailed':
      return (
        row && {
          ...row,
          status: 'failed',
          failedAt: seconds(event.data.failedAt),
          failureReason: event.data.reason,
        }
      );
    default:
      return row;
  }
}

/** Inline: a settlement is listed the moment it is created. */
export const settlementDetailsProjection = rowProjection<SettlementDetailsRow>({
  name: 'settlement-details',
  entity: SettlementDetailsRow,
  canHandle: ['SettlementCreated', 'SettlementProcessed', 'SettlementFailed'],
  evolve: evolveSettlementDetails,
});
