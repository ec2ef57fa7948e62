import { ENTRY_IDS_PER_MESSAGE, SettlementEventTypes, Topics } from '@platform/contracts';
import type { PublishedSettlementEvent } from '@platform/contracts';
import { integrationEventOf, streamUpTo } from '@platform/event-store';
import type { OutboxMessage, StoredEvent } from '@platform/event-store';
import { toSettlementEntity } from './dtos/settlement.response';
import { settlementDetailsProjection } from './settlement-details/settlement-details.projection';
import type { SettlementEvent } from './settlement.events';

const PUBLISHED: Partial<Record<SettlementEvent['type'], PublishedSettlementEvent['type']>> = {
  SettlementProcessed: SettlementEventTypes.processed,
  SettlementFailed: SettlementEventTypes.failed,
};

/**
 * `settlement.processed` and `settlement.failed` on settlements.settlement, keyed by settlement id:
 * the settlement and the ids of the entries it settled (or gave back), ENTRY_IDS_PER_MESSAGE per
 * message, in as many parts as that takes.
 */
export function settlementIntegrationEvents(
  appended: readonly StoredEvent<SettlementEvent>[],
  stream: readonly StoredEvent<SettlementEvent>[],
): OutboxMessage[] {
  const created = stream.find((event) => event.type === 'SettlementCreated');
  if (!created || created.type !== 'SettlementCreated') return [];
  const entryIds = created.data.entryIds;
  return appended.flatMap((event) => {
    const type = PUBLISHED[event.type];
    if (!type) return [];
    const row = settlementDetailsProjection.view(streamUpTo(stream, event.version));
    if (!row)
      throw new Error(`settlement ${event.streamId} has no details at version ${event.version}`);
    const parts = Math.max(1, Math.ceil(entryIds.length / ENTRY_IDS_PER_MESSAGE));
    return Array.from({ length: parts }, (_, i) => {
      const data = {
        settlement: toSettlementEntity(row),
        entry_ids: entryIds.slice(i * ENTRY_IDS_PER_MESSAGE, (i + 1) * ENTRY_IDS_PER_MESSAGE),
        entry_count: entryIds.length,
        part: i + 1,
        parts,
      };
      return {
        topic: Topics.settlementsSettlement,
        key: event.streamId,
        event: integrationEventOf(event, type, data) as PublishedSettlementEvent,
      };
    });
  });
}
