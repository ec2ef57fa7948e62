import type { IntegrationEvent } from '@platform/contracts';
import { sql } from '@platform/event-store';
import type { SqlRunner } from '@platform/event-store';

/**
 * A place in a service's outbox, in commit order: rows are read by (transaction id, position), the
 * order Emmett's readers use, because positions are taken before commit and a row with a lower
 * position can become visible after one with a higher.
 */
export interface OutboxCursor {
  transactionId: string;
  position: string;
}

/** One page of an account's outbox rows after a cursor. */
export interface OutboxFeedPage {
  /**
   * Every transaction with a lower id had ended when the page was read (PostgreSQL's snapshot xmin):
   * a reader that applied every row up to here never needs rows below it again.
   */
  horizon: string;
  items: { topic: string; event: IntegrationEvent }[];
  /** Where the next page starts; null when this page held the rest. */
  next: OutboxCursor | null;
}

interface FeedRow {
  horizon: string;
  transaction_id: string | null;
  position: string | null;
  topic: string | null;
  payload: IntegrationEvent | null;
}

/** Horizon and rows in one statement, so both come from the same snapshot. */
const READ_FEED = sql(
  'outbox.feed',
  `SELECT s.horizon, o.transaction_id::text, o.position::text, o.topic, o.payload
     FROM (SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS horizon) s
     LEFT JOIN LATERAL (
       SELECT transaction_id, position, topic, payload FROM outbox
        WHERE account_id = $1 AND mode = $2 AND topic = ANY($3::text[])
          AND (transaction_id, position) > ($4::xid8, $5::bigint)
        ORDER BY transaction_id, position
        LIMIT $6) o ON true`,
);

/**
 * The integration events of one account and mode on `topics` after `after`, oldest commit first, as
 * the owner wrote them to its outbox (published or not; published rows are kept for a day).
 */
export async function readOutboxFeed(
  db: SqlRunner,
  scope: { accountId: string; mode: string },
  query: { topics: readonly string[]; after: OutboxCursor; limit: number },
): Promise<OutboxFeedPage> {
  const rows = await db.query<FeedRow>(READ_FEED, [
    scope.accountId,
    scope.mode,
    query.topics,
    query.after.transactionId,
    query.after.position,
    query.limit,
  ]);
  const found = rows.filter((row) => row.payload !== null);
  const last = found[found.length - 1];
  return {
    horizon: rows[0].horizon,
    items: found.map((row) => ({
      topic: row.topic as string,
      event: row.payload as IntegrationEvent,
    })),
    next:
      found.length === query.limit && last
        ? { transactionId: last.transaction_id as string, position: last.position as string }
        : null,
  };
}

/** The cursor as a query value, `<transaction id>:<position>`. */
export const formatOutboxCursor = (cursor: OutboxCursor): string =>
  `${cursor.transactionId}:${cursor.position}`;

/** The cursor of a query value, or null when it is not one. */
export function parseOutboxCursor(text: string): OutboxCursor | null {
  const match = /^(\d{1,20}):(\d{1,19})$/.exec(text);
  return match ? { transactionId: match[1], position: match[2] } : null;
}
