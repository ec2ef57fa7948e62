import { Injectable } from '@nestjs/common';
import { newId, ValidationFailed } from '@platform/domain-kit';
import type { CommandMetadata } from '@platform/domain-kit';
import { CommandHandler, Database, runFlow } from '@platform/event-store';
import type { RequestContext } from '@platform/http';
import { Clock } from '@platform/service-kit';
import { availableBalance, settleableLines } from '../ledger/ledger-lines.query';
import type { CreateOndemandSettlementDto } from '../ondemand-settlement/dtos/create-ondemand-settlement.dto';
import type { OndemandSettlementEntity } from '../ondemand-settlement/dtos/ondemand-settlement.response';
import { requestOndemandSettlementFlow } from './request-ondemand-settlement.flow';
import { settleBalanceFlow } from './settle-balance.flow';

/** The settlement use cases that write a balance with its settlements. */
@Injectable()
export class SettlementFlowsService {
  constructor(
    private readonly handler: CommandHandler,
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  /** A balance's settlement cycle at `metadata.now`; answers the settlements created. */
  settleBalance(metadata: CommandMetadata): Promise<string[]> {
    return runFlow(this.handler, settleBalanceFlow, {
      metadata,
      settleableLines: (delayDays) =>
        settleableLines(this.database, metadata, metadata.now, delayDays),
    });
  }

  requestOndemand(
    caller: RequestContext,
    dto: CreateOndemandSettlementDto,
  ): Promise<OndemandSettlementEntity> {
    if (!(dto.settle_full_balance ?? false) && dto.amount === undefined)
      throw new ValidationFailed('The amount field is required.', 'amount');
    const metadata = this.clock.metadata(caller);
    return runFlow(this.handler, requestOndemandSettlementFlow, {
      metadata,
      settlementId: newId('setlod'),
      dto,
      availableBalance: (currency) => availableBalance(this.database, metadata, currency),
    });
  }
}
