import { Injectable } from '@nestjs/common';
import { settlementEventProblem, Topics } from '@platform/contracts';
import type { SettlementEvent } from '@platform/contracts';
import type { SqlRunner } from '@platform/event-store';
import { IntegrationEventHandler } from '@platform/messaging';
import type { EventHandler } from '@platform/messaging';
import { applyToSettlementDirectory } from './settlement-directory.projection';

export const SETTLEMENT_DIRECTORY_CONSUMER = 'payments.settlement-directory';

/** settlements.settlement → the settlement directory; each part has one effect, however often it arrives. */
@Injectable()
@IntegrationEventHandler()
export class OnSettlementProcessedConsumer implements EventHandler<SettlementEvent> {
  readonly topic = Topics.settlementsSettlement;
  readonly consumer = SETTLEMENT_DIRECTORY_CONSUMER;

  problem(event: SettlementEvent): string | null {
    return settlementEventProblem(event);
  }

  async apply(tx: SqlRunner, event: SettlementEvent): Promise<void> {
    await applyToSettlementDirectory(tx, [event]);
  }

  async applyAll(tx: SqlRunner, events: readonly SettlementEvent[]): Promise<void> {
    await applyToSettlementDirectory(tx, events);
  }
}
