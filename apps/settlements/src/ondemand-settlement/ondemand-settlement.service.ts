import { Injectable } from '@nestjs/common';
import { newId, NotFound, ValidationFailed } from '@platform/domain-kit';
import { CommandHandler, Database } from '@platform/event-store';
import type { CommandResult } from '@platform/event-store';
import { normalizeNotes } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { Clock } from '@platform/service-kit';
import { balanceIdOf, balanceKind } from '../balance/balance.decider';
import { onBalance } from '../balance/balance.stream';
import { availableBalance } from '../ledger/ledger-lines.query';
import type { CreateOndemandSettlementDto } from './dtos/create-ondemand-settlement.dto';
import { toOndemandSettlementEntity } from './dtos/ondemand-settlement.response';
import type { OndemandSettlementEntity } from './dtos/ondemand-settlement.response';
import { ondemandSettlementDetailsProjection } from './ondemand-settlement-details/ondemand-settlement-details.projection';
import type { OndemandSettlement } from './ondemand-settlement.decider';
import type { OndemandSettlementEvent } from './ondemand-settlement.events';
import { onOndemandSettlement } from './ondemand-settlement.stream';

/** On-demand settlements are paid in rupees (IMPS). */
export const ONDEMAND_CURRENCY = 'INR';

/** The on-demand settlement use case: take (part of) the available balance now. */
@Injectable()
export class OndemandSettlementService {
  constructor(
    private readonly handler: CommandHandler,
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  /**
   * Reads what is available and decides, with the balance stream's version: of 20 concurrent
   * requests each is decided on what the ones before it left, so together they never take more
   * than there was. The answer includes the payouts.
   */
  async create(
    caller: RequestContext,
    dto: CreateOndemandSettlementDto,
  ): Promise<OndemandSettlementEntity> {
    const settleFullBalance = dto.settle_full_balance ?? false;
    if (!settleFullBalance && dto.amount === undefined)
      throw new ValidationFailed('The amount field is required.', 'amount');
    const metadata = this.clock.metadata(caller);
    const settlementId = newId('setlod');
    const created = await this.handler.handle({
      scope: metadata,
      run: async (unit) => {
        await unit.read(balanceKind, balanceIdOf(metadata));
        const available = await availableBalance(this.database, metadata, ONDEMAND_CURRENCY);
        const amount = settleFullBalance ? available : (dto.amount ?? null);
        const request = {
          settlementId,
          currency: ONDEMAND_CURRENCY,
          amount,
          settleFullBalance,
          description: dto.description ?? null,
          notes: normalizeNotes(dto.notes),
          available,
        };
        const payout = {
          payoutId: settlementId,
          kind: 'ondemand' as const,
          currency: ONDEMAND_CURRENCY,
          amount: amount ?? 0,
        };
        await unit.decide(
          onBalance({ type: 'RecordPayouts', data: { payouts: [payout] }, metadata }),
        );
        return unit.decide(
          onOndemandSettlement(
            settlementId,
            { type: 'RequestOndemandSettlement', data: request, metadata },
            true,
          ),
        );
      },
    });
    return this.entityOf(created);
  }

  private entityOf(
    result: CommandResult<OndemandSettlement, OndemandSettlementEvent>,
  ): OndemandSettlementEntity {
    const row = ondemandSettlementDetailsProjection.view(result.stream);
    if (!row) throw new NotFound();
    return toOndemandSettlementEntity(row, true);
  }
}
