import { Injectable } from '@nestjs/common';
import { Database, sql } from '@platform/event-store';
import { DueJobHandler, jobMetadata } from '@platform/service-kit';
import type { ClaimedJob, JobHandler } from '@platform/service-kit';
import { hasUnsettledLines } from '../ledger/ledger-lines.query';
import { scheduleCycles, SETTLEMENT_CYCLE_JOB } from '../common/settlement-cycle';
import { SettlementFlowsService } from './settlement-flows.service';

/**
 * The daily settlement of a balance (00:00 UTC, account clock): settles what became settleable and,
 * while anything is left unsettled (payments not old enough, a deficit), asks for tomorrow's cycle.
 * Two replicas may both claim a balance's cycle only one after the other (FOR UPDATE SKIP LOCKED and
 * a lease); even then the balance stream's version lets one of them settle and the other find
 * nothing left.
 */
@Injectable()
@DueJobHandler()
export class SettlementCycleJob implements JobHandler {
  readonly kind = SETTLEMENT_CYCLE_JOB;

  constructor(
    private readonly settlements: SettlementFlowsService,
    private readonly database: Database,
  ) {}

  async run(job: ClaimedJob): Promise<void> {
    const metadata = jobMetadata(job);
    await this.settlements.settleBalance(metadata);
    if (!(await hasUnsettledLines(this.database, metadata))) return;
    const next = scheduleCycles([metadata]);
    await this.database.query(sql('settlement-cycle.next', next.text), next.values);
  }
}
