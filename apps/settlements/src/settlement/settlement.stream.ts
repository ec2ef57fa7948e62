import type { CommandSpec, DueJob, StoredEvent } from '@platform/event-store';
import { ledgerProjection } from '../ledger/ledger.projection';
import { scheduleCycles } from '../common/settlement-cycle';
import { settlementDetailsProjection } from './settlement-details/settlement-details.projection';
import type { SettlementCommand } from './settlement.commands';
import { SETTLEMENT_STREAM, settlementDecider } from './settlement.decider';
import type { Settlement } from './settlement.decider';
import type { SettlementEvent } from './settlement.events';
import { settlementIntegrationEvents } from './settlement.integration';

export const PROCESS_SETTLEMENT_JOB = 'settlement.process';

/**
 * A command on a settlement stream, with its read model, the ledger, its published events and the
 * bank transfer it asks for. A failure gives lines back to the balance: the next cycle is asked for.
 */
export function onSettlement(
  settlementId: string,
  command: SettlementCommand,
  isNew = false,
): CommandSpec<Settlement, SettlementCommand, SettlementEvent> {
  const { accountId, mode, now } = command.metadata;
  return {
    decider: settlementDecider,
    streamType: SETTLEMENT_STREAM,
    streamId: settlementId,
    command,
    isNew,
    projections: [settlementDetailsProjection, ledgerProjection],
    outbox: settlementIntegrationEvents,
    jobs: transferJobs,
    also: command.type === 'FailSettlement' ? [scheduleCycles([{ accountId, mode, now }])] : [],
  };
}

/** A new settlement goes to the bank at once. */
function transferJobs(appended: readonly StoredEvent<SettlementEvent>[]): DueJob[] {
  return appended.flatMap((event) =>
    event.type === 'SettlementCreated'
      ? [{ kind: PROCESS_SETTLEMENT_JOB, streamId: event.streamId, dueAt: event.data.createdAt }]
      : [],
  );
}
