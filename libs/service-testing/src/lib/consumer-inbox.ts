import { waitFor } from '@platform/testing-core';
import { queryServiceDatabase } from './service-under-test';
import type { ServiceUnderTest } from './service-under-test';

/**
 * A Kafka consumer's inbox (and dead letters) in a service under test. The inbox keeps one row per message the consumer
 * handled, so `rows(id)` is 1 for a message taken in once, however often it was delivered. The service
 * is passed as a getter because specs start it in `beforeAll`.
 */
export function consumerInbox(service: () => ServiceUnderTest, consumer: string) {
  const rows = async (messageId: string) =>
    (
      await queryServiceDatabase<{ n: number }>(
        service(),
        'SELECT count(*)::int AS n FROM inbox WHERE consumer = $1 AND message_id = $2',
        [consumer, messageId],
      )
    )[0].n;
  return {
    rows,
    /** Why the consumer set a message aside (its dead letters), none for one it took in. */
    deadLetters: (messageId: string) =>
      queryServiceDatabase<{ error: string }>(
        service(),
        'SELECT error FROM dead_letters WHERE consumer = $1 AND event_id = $2',
        [consumer, messageId],
      ),
    /** Every message before `marker` on its partition has been consumed once the marker is in. */
    consumedUpTo: (marker: { id: string }) =>
      waitFor(async () => (await rows(marker.id)) === 1, 'the message after the copies'),
  };
}
