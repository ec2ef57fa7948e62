import { Controller } from '@nestjs/common';
import { Ctx, EventPattern, Payload } from '@nestjs/microservices';
import { TEST_CLOCK_ADVANCED, testClockEventProblem } from '@platform/contracts';
import type { TestClockAdvancedEvent } from '@platform/contracts';
import { sql } from '@platform/event-store';
import type { SqlRunner } from '@platform/event-store';
import { EventBatch, inbox } from '@platform/messaging';

/** Offsets only grow: a late or replayed event never moves an account's clock back. */
const ADVANCE = sql(
  'account-clocks.advance',
  `INSERT INTO account_clocks (account_id, offset_ms) VALUES ($1, $2)
   ON CONFLICT (account_id) DO UPDATE SET offset_ms = GREATEST(account_clocks.offset_ms, EXCLUDED.offset_ms), updated_at = now()`,
);

/** gateway.test_clock → account_clocks: when a test-mode account's scheduled work is due. */
@Controller()
export class OnTestClockAdvanced {
  @EventPattern(TEST_CLOCK_ADVANCED, inbox('account-clocks', testClockEventProblem))
  async advance(
    @Payload() events: readonly TestClockAdvancedEvent[],
    @Ctx() batch: EventBatch,
  ): Promise<void> {
    for (const event of events) await advanceClock(batch.tx, event);
  }
}

async function advanceClock(tx: SqlRunner, event: TestClockAdvancedEvent): Promise<void> {
  await tx.query(ADVANCE, [event.account_id, event.data.test_clock.offset_seconds * 1000]);
}
