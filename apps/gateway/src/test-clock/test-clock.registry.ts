import { randomUUID } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import { TEST_CLOCK_ADVANCED, Topics } from '@platform/contracts';
import type { TestClockAdvancedEvent, TestClockEntity } from '@platform/contracts';
import { addToOutbox, Database, sql } from '@platform/event-store';
import { MAX_UNIX_TIME } from '@platform/http';
import { SERVICE_OPTIONS } from '@platform/service-kit';
import type { ServiceKitOptions } from '@platform/service-kit';
import type { MaybePromise } from '../cache/maybe-promise';
import { NotifiedCacheRegistry } from '../cache/notified-cache';

const ADVANCED_CHANNEL = 'test_clock_advanced';
const OFFSET_OF = sql(
  'test-clocks.offset-of',
  'SELECT offset_seconds::text AS offset FROM test_clocks WHERE account_id = $1',
);
/** Moves the clock unless its offset would pass $3 (the largest the API's times allow): then no row. */
const ADVANCE = sql(
  'test-clocks.advance',
  `INSERT INTO test_clocks (account_id, offset_seconds) SELECT $1, $2 WHERE $2::bigint <= $3::bigint
   ON CONFLICT (account_id) DO UPDATE SET offset_seconds = test_clocks.offset_seconds + EXCLUDED.offset_seconds, updated_at = now()
   WHERE test_clocks.offset_seconds + EXCLUDED.offset_seconds <= $3::bigint
   RETURNING offset_seconds::text AS offset`,
);
/** Delivered at commit to every replica's listener (this one's included). */
const INVALIDATE = sql('test-clocks.invalidate', `SELECT pg_notify('${ADVANCED_CHANNEL}', $1)`);

/**
 * The test-mode clocks of the accounts. Each forwarded test-mode request carries its account's
 * offset, read from a cache; advancing a clock clears it at once on every gateway replica (NOTIFY)
 * and publishes `test_clock.advanced`, from which the services' schedulers learn the offset.
 */
@Injectable()
export class TestClockRegistry extends NotifiedCacheRegistry<number> {
  constructor(
    private readonly database: Database,
    @Inject(SERVICE_OPTIONS) options: ServiceKitOptions,
  ) {
    super(options.config.DATABASE_URL, ADVANCED_CHANNEL);
  }

  /** Seconds the account's test clock runs ahead of real time. */
  offsetOf(accountId: string): MaybePromise<number> {
    return this.cache.get(accountId, async () => {
      const [row] = await this.database.query<{ offset: string }>(OFFSET_OF, [accountId]);
      return Number(row?.offset ?? 0);
    });
  }

  /**
   * Moves the clock forward: the new offset, its event and the cache invalidation commit together.
   * Null, and nothing moved, when the clock would pass MAX_UNIX_TIME, the latest time the API takes
   * (the entities it dates would carry times the API itself refuses).
   */
  async advance(
    accountId: string,
    seconds: number,
    requestId: string,
  ): Promise<TestClockEntity | null> {
    const maxOffset = MAX_UNIX_TIME - Math.floor(Date.now() / 1000);
    const clock = await this.database.transaction(async (tx) => {
      const [row] = await tx.query<{ offset: string }>(ADVANCE, [accountId, seconds, maxOffset]);
      if (!row) return null;
      const offset = Number(row.offset);
      const clock: TestClockEntity = {
        entity: 'test_clock',
        account_id: accountId,
        offset_seconds: offset,
        now: Math.floor(Date.now() / 1000) + offset,
      };
      // The event carries the whole offset: consumers keep the largest seen, so delivery order does not matter.
      await addToOutbox(tx, [
        { topic: Topics.gatewayTestClock, key: accountId, event: advancedEvent(clock, requestId) },
      ]);
      await tx.query(INVALIDATE, [accountId]);
      return clock;
    });
    if (!clock) return null;
    // This replica's next request must see it now, not when its own NOTIFY arrives.
    this.cache.set(accountId, clock.offset_seconds);
    return clock;
  }
}

function advancedEvent(clock: TestClockEntity, requestId: string): TestClockAdvancedEvent {
  return {
    id: randomUUID(),
    type: TEST_CLOCK_ADVANCED,
    schema_version: 1,
    account_id: clock.account_id,
    mode: 'test',
    stream_id: clock.account_id,
    stream_version: clock.offset_seconds,
    occurred_at: clock.now,
    correlation_id: requestId,
    causation_id: null,
    data: { test_clock: clock },
  };
}
