import type { DueJob } from './due-jobs';
import { outboxHeaders } from './outbox';
import type { OutboxMessage } from './outbox';
import type { SqlFragment } from './sql-fragment';
import type { EventMetadata, StoredEvent } from './stored-event';

/*
 * The writes of a batch of commands (commandBatch) as fragments whose text does not
 * depend on how many rows they write: the rows travel as one JSON array, unpacked by
 * jsonb_array_elements in array order. One statement shape then serves every batch size, so
 * PostgreSQL plans it once per connection instead of once per size.
 */

/** Events of several streams, each with its own version and metadata, in one INSERT … RETURNING. */
export function appendRowsFragment(events: readonly StoredEvent[]): SqlFragment {
  const rows = events.map((event) => ({
    stream_id: event.streamId,
    stream_type: event.streamType,
    version: event.version,
    type: event.type,
    data: event.data,
    metadata: event.metadata,
  }));
  return {
    text: `INSERT INTO events (stream_id, stream_type, version, type, data, metadata, account_id, mode)
           SELECT e.stream_id, e.stream_type, e.version, e.type, e.data, e.metadata, e.metadata->>'accountId', e.metadata->>'mode'
             FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS r(item, n), jsonb_to_record(r.item) AS e(stream_id text, stream_type text, version integer, type text, data jsonb, metadata jsonb)
            ORDER BY r.n
           RETURNING stream_id, version, global_position`,
    values: [JSON.stringify(rows)],
  };
}

/** Outbox rows in the order given (their positions keep each key's order on its topic). */
export function outboxRowsFragment(messages: readonly OutboxMessage[]): SqlFragment {
  const rows = messages.map(({ topic, key, event }) => ({
    message_id: event.id,
    topic,
    message_key: key,
    payload: event,
    headers: outboxHeaders(event),
  }));
  return {
    text: `INSERT INTO outbox (message_id, topic, message_key, payload, headers)
           SELECT o.message_id, o.topic, o.message_key, o.payload, o.headers
             FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS r(item, n), jsonb_to_record(r.item) AS o(message_id uuid, topic text, message_key text, payload jsonb, headers jsonb)
            ORDER BY r.n
           RETURNING 1`,
    values: [JSON.stringify(rows)],
  };
}

/** A due job and the tenant whose clock it runs on. */
export type ScopedDueJob = DueJob & Pick<EventMetadata, 'accountId' | 'mode'>;

/** Due jobs of several tenants in one INSERT. */
export function dueJobRowsFragment(jobs: readonly ScopedDueJob[]): SqlFragment {
  const rows = jobs.map((job) => ({
    kind: job.kind,
    stream_id: job.streamId,
    account_id: job.accountId,
    mode: job.mode,
    due_at: job.dueAt,
    payload: job.payload ?? {},
  }));
  return {
    text: `INSERT INTO due_jobs (kind, stream_id, account_id, mode, due_at, payload)
           SELECT j.kind, j.stream_id, j.account_id, j.mode, j.due_at, j.payload
             FROM jsonb_to_recordset($1::jsonb) AS j(kind text, stream_id text, account_id text, mode text, due_at bigint, payload jsonb)
           RETURNING 1`,
    values: [JSON.stringify(rows)],
  };
}
