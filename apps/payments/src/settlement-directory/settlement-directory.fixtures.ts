import { randomUUID } from 'node:crypto';
import { SettlementEventTypes } from '@platform/contracts';
import type { SettlementEntity, PublishedSettlementEvent } from '@platform/contracts';
import { newId } from '@platform/domain-kit';

export const SETTLED_AT = 1_700_100_000;

/** A processed settlement as settlements shows it. */
export function settlementEntity(overrides: Partial<SettlementEntity> = {}): SettlementEntity {
  return {
    id: newId('setl'),
    entity: 'settlement',
    amount: 48820,
    status: 'processed',
    fees: 0,
    tax: 0,
    utr: 'UTR0000000000001',
    created_at: SETTLED_AT - 60,
    ...overrides,
  };
}

/**
 * The messages settlements publishes for one settlement: one per `perPart` entry ids (settlements
 * sends 5,000 a part), each with the settlement, its share of the ids and `part` of `parts`.
 */
export function settlementMessages(
  scope: { accountId: string; mode: 'test' | 'live' },
  entryIds: readonly string[],
  options: {
    type?: PublishedSettlementEvent['type'];
    settlement?: SettlementEntity;
    perPart?: number;
  } = {},
): PublishedSettlementEvent[] {
  const type = options.type ?? SettlementEventTypes.processed;
  const settlement =
    options.settlement ??
    settlementEntity({ status: type === SettlementEventTypes.processed ? 'processed' : 'failed' });
  const perPart = options.perPart ?? 5000;
  const parts = Math.max(1, Math.ceil(entryIds.length / perPart));
  return Array.from({ length: parts }, (_, i) => ({
    id: randomUUID(),
    type,
    schema_version: 1,
    account_id: scope.accountId,
    mode: scope.mode,
    stream_id: settlement.id,
    stream_version: 2,
    occurred_at: SETTLED_AT,
    correlation_id: null,
    causation_id: null,
    data: {
      settlement,
      entry_ids: entryIds.slice(i * perPart, (i + 1) * perPart),
      entry_count: entryIds.length,
      part: i + 1,
      parts,
    },
  }));
}
