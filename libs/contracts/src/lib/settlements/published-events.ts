import type { IntegrationEvent } from '../envelope';
import type { SettlementEntity } from './settlement.entity';

/**
 * What a settlement message carries: the settlement, and the ledger entries it settled (or, when
 * failed, gave back to the balance). Entry ids are the ids of what moved money: `pay_…` (a
 * captured payment), `rfnd_…` (a refund), `adj_…` (a dispute's hold, release or deduction),
 * `setlod_…` (an on-demand settlement taken from the balance before).
 *
 * A settlement of more than ENTRY_IDS_PER_MESSAGE entries is published as several messages of the
 * same type, `part` 1 to `parts`, each with the settlement and its share of the ids (Kafka brokers
 * refuse messages over 1 MB by default). Most have one part; a consumer that only wants the
 * settlement reads part 1.
 */
export interface SettlementEventData {
  settlement: SettlementEntity;
  entry_ids: string[];
  /** How many entries the settlement has in all parts. */
  entry_count: number;
  part: number;
  parts: number;
}

/** On `settlements.settlement`, keyed by settlement id. */
export type SettlementProcessedEvent = IntegrationEvent<
  'settlement.processed',
  SettlementEventData
>;
export type SettlementFailedEvent = IntegrationEvent<'settlement.failed', SettlementEventData>;
export type PublishedSettlementEvent = SettlementProcessedEvent | SettlementFailedEvent;

export const SettlementEventTypes = {
  processed: 'settlement.processed',
  failed: 'settlement.failed',
} as const;

export const ENTRY_IDS_PER_MESSAGE = 5000;

/** Why a received settlement message cannot be used, or null. */
export function settlementEventProblem(event: PublishedSettlementEvent): string | null {
  const data = event.data as Partial<SettlementEventData> | null;
  const settlement = data?.settlement;
  if (!settlement || settlement.entity !== 'settlement' || typeof settlement.id !== 'string')
    return 'data.settlement must be a settlement';
  if (!Number.isSafeInteger(settlement.amount) || !Number.isSafeInteger(settlement.created_at))
    return 'data.settlement.amount and created_at must be integers';
  if (!Array.isArray(data.entry_ids) || !data.entry_ids.every((id) => typeof id === 'string'))
    return 'data.entry_ids must be an array of ids';
  if (
    !Number.isSafeInteger(data.part) ||
    !Number.isSafeInteger(data.parts) ||
    (data.part as number) < 1 ||
    (data.part as number) > (data.parts as number)
  )
    return 'data.part must be between 1 and data.parts';
  return null;
}
