import { orNotFound } from '@platform/event-store';
import type { CommandResult, Flow, FlowInput } from '@platform/event-store';
import { normalizeNotes } from '@platform/http';
import { balanceIdOf, balanceKind } from '../balance/balance.decider';
import { onBalance } from '../balance/balance.stream';
import type { CreateOndemandSettlementDto } from '../ondemand-settlement/dtos/create-ondemand-settlement.dto';
import { toOndemandSettlementEntity } from '../ondemand-settlement/dtos/ondemand-settlement.response';
import type { OndemandSettlementEntity } from '../ondemand-settlement/dtos/ondemand-settlement.response';
import { ondemandSettlementDetailsProjection } from '../ondemand-settlement/ondemand-settlement-details/ondemand-settlement-details.projection';
import type { OndemandSettlement } from '../ondemand-settlement/ondemand-settlement.decider';
import type { OndemandSettlementEvent } from '../ondemand-settlement/ondemand-settlement.events';
import { onOndemandSettlement } from '../ondemand-settlement/ondemand-settlement.stream';
import { ONDEMAND_CURRENCY } from '../ondemand-settlement/ondemand-fees';

export interface RequestOndemandSettlementInput extends FlowInput {
  settlementId: string;
  dto: CreateOndemandSettlementDto;
  /** What the ledger says is available now in this currency. */
  availableBalance(currency: string): Promise<number>;
}

/**
 * POST /v1/settlements/ondemand: take (part of) the available balance now. The balance records the
 * payout and the settlement starts, decided with the balance stream's version: of 20 concurrent
 * requests each is decided on what the ones before it left, so together they never take more than
 * there was. The answer includes the payouts.
 */
export const requestOndemandSettlementFlow: Flow<
  RequestOndemandSettlementInput,
  number,
  CommandResult<OndemandSettlement, OndemandSettlementEvent>,
  OndemandSettlementEntity
> = {
  load: async (reader, { metadata, availableBalance }) => {
    // Read so that the balance's version holds the decision (see decide).
    await reader.read(balanceKind, balanceIdOf(metadata));
    return availableBalance(ONDEMAND_CURRENCY);
  },

  decide: async (unit, available, { settlementId, dto, metadata }) => {
    const settleFullBalance = dto.settle_full_balance ?? false;
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
    await unit.decide(onBalance({ type: 'RecordPayouts', data: { payouts: [payout] }, metadata }));
    return unit.decide(
      onOndemandSettlement(
        settlementId,
        { type: 'RequestOndemandSettlement', data: request, metadata },
        true,
      ),
    );
  },

  // Each stream publishes its own events.
  publish: () => [],

  answer: (created) =>
    toOndemandSettlementEntity(
      orNotFound(ondemandSettlementDetailsProjection.view(created.stream)),
      true,
    ),
};
