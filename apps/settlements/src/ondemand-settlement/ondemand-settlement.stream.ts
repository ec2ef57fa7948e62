import type { CommandSpec, DueJob, StoredEvent } from '@platform/event-store';
import { ledgerProjection } from '../ledger/ledger.projection';
import { scheduleCycles } from '../common/settlement-cycle';
import { ondemandSettlementDetailsProjection } from './ondemand-settlement-details/ondemand-settlement-details.projection';
import type { OndemandSettlementCommand } from './ondemand-settlement.commands';
import {
  ONDEMAND_SETTLEMENT_STREAM,
  ondemandSettlementDecider,
} from './ondemand-settlement.decider';
import type { OndemandSettlement } from './ondemand-settlement.decider';
import type { OndemandSettlementEvent } from './ondemand-settlement.events';

export const PROCESS_ONDEMAND_SETTLEMENT_JOB = 'settlement.ondemand.process';

/**
 * A command on an on-demand settlement stream, with its read model and the ledger. Its request and
 * its reversal each post a line (the payout, the amount returned), which the next cycle nets: both
 * ask for it.
 */
export function onOndemandSettlement(
  settlementId: string,
  command: OndemandSettlementCommand,
  isNew = false,
): CommandSpec<OndemandSettlement, OndemandSettlementCommand, OndemandSettlementEvent> {
  const { accountId, mode, now } = command.metadata;
  return {
    decider: ondemandSettlementDecider,
    streamType: ONDEMAND_SETTLEMENT_STREAM,
    streamId: settlementId,
    command,
    isNew,
    projections: [ondemandSettlementDetailsProjection, ledgerProjection],
    jobs: payoutJobs,
    also:
      command.type === 'ProcessOndemandSettlement'
        ? []
        : [scheduleCycles([{ accountId, mode, now }])],
  };
}

/** The payouts go to the bank at once. */
function payoutJobs(appended: readonly StoredEvent<OndemandSettlementEvent>[]): DueJob[] {
  return appended.flatMap((event) =>
    event.type === 'OndemandSettlementCreated'
      ? [
          {
            kind: PROCESS_ONDEMAND_SETTLEMENT_JOB,
            streamId: event.streamId,
            dueAt: event.data.createdAt,
          },
        ]
      : [],
  );
}
