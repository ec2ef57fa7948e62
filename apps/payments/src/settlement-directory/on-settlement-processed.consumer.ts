import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { settlementEventProblem, SettlementEventTypes } from '@platform/contracts';
import type { PublishedSettlementEvent } from '@platform/contracts';
import { EventBatch, inbox } from '@platform/messaging';
import { applyToSettlementDirectory } from './settlement-directory.projection';

export const SETTLEMENT_DIRECTORY_CONSUMER = 'payments.settlement-directory';

/** settlements.settlement → the settlement directory; each part has one effect, however often it arrives. */
@Controller()
export class OnSettlementProcessedConsumer {
  @EventPattern(
    Object.values(SettlementEventTypes),
    inbox(SETTLEMENT_DIRECTORY_CONSUMER, settlementEventProblem),
  )
  async record(
    @Payload() events: readonly PublishedSettlementEvent[],
    @Ctx() batch: EventBatch,
  ): Promise<void> {
    await applyToSettlementDirectory(batch.tx, events);
  }
}
