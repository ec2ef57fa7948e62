import type { IntegrationEvent } from '../envelope';

/**
 * `test_clock.advanced` on `gateway.test_clock`: a test-mode account's clock now runs `offset_seconds`
 * ahead of real time (offsets only grow). Services use it to decide when the account's scheduled
 * work is due. Key: the account id.
 */
export type TestClockAdvancedEvent = IntegrationEvent<
  'test_clock.advanced',
  { test_clock: TestClockEntity }
>;
export const TEST_CLOCK_ADVANCED = 'test_clock.advanced';

/** What `POST /v1/simulator/clock/advance` answers. */
export interface TestClockEntity {
  entity: 'test_clock';
  account_id: string;
  /**
   * How far the account's test clock runs ahead of real time: the sum of every advance.
   *
   * @minimum 0
   */
  offset_seconds: number;
  /** The account's test clock after the advance, Unix seconds. */
  now: number;
}

/** Why a received test clock event cannot be used, or null. */
export function testClockEventProblem(event: TestClockAdvancedEvent): string | null {
  const clock = event.data?.test_clock;
  if (!clock || clock.entity !== 'test_clock') return 'data.test_clock is missing';
  if (!Number.isSafeInteger(clock.offset_seconds) || clock.offset_seconds < 0)
    return 'data.test_clock.offset_seconds must be a non-negative integer';
  if (typeof clock.account_id !== 'string' || clock.account_id !== event.account_id)
    return 'data.test_clock.account_id must be the event account';
  return null;
}
