import type { EventRedactions } from '@platform/service-kit';
import type { SettlementCreated } from './settlement.events';

/** What a settlement's history shows of its events' data: not the ledger's internal entry ids. */
export const settlementRedactions: EventRedactions = {
  SettlementCreated: ({ entryIds: _ledgerEntries, ...data }: SettlementCreated['data']) => data,
};
