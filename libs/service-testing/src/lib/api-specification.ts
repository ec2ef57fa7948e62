import type { Event } from '@platform/domain-kit';
import { Database, sql } from '@platform/event-store';
import type { InlineProjection } from '@platform/event-store';
import { writeGivenEvents } from './given-events';
import type { CallOptions, CallResult, ServiceUnderTest, TestCaller } from './service-under-test';

const DEFAULT_CALLER: TestCaller = { accountId: 'acc_TestAccount0001', mode: 'test' };
/** The fixed clock of given events (2023-11-14T22:13:20Z), unless a stream says otherwise. */
const GIVEN_NOW = 1_700_000_000_000;

const STREAM_EVENTS = sql(
  'api-specification.stream-events',
  'SELECT type, data FROM events WHERE stream_id = $1 ORDER BY version',
);

/** A stream as it stands before the request: its events, written with its inline read models. */
export interface ExistingStream {
  streamType: string;
  streamId: string;
  events: readonly Event[];
  /** The read models the service keeps of this stream in the command's transaction. */
  projections?: readonly InlineProjection[];
  caller?: TestCaller;
  /** When the events happened (ms), for rules that look at time; default GIVEN_NOW. */
  now?: number;
}

/** A check on what the request did: its answer, or the events it appended. */
export type ApiCheck = (outcome: ApiOutcome) => Promise<void> | void;

interface ApiOutcome {
  response: CallResult;
  /** The events the request appended to a stream (under any account or mode). */
  newEvents(streamId: string): Promise<readonly { type: string; data: unknown }[]>;
}

export const existingStream = (stream: ExistingStream): ExistingStream => stream;

/**
 * API specs in Emmett's style (its `ApiSpecification`): given existing streams, when an HTTP request
 * to the real service, then its response and the new events on a stream. The given events are
 * written as commands write them (see writeGivenEvents), so what the request reads (a stream's
 * state, a read model's row) is what production would have.
 */
export function apiSpecification(service: ServiceUnderTest) {
  return {
    given: (...streams: ExistingStream[]) => ({
      when: (request: CallOptions) => ({
        then: async (...checks: ApiCheck[]) => {
          const versions = await Promise.all(streams.map((stream) => write(service, stream)));
          const before = new Map(streams.map((stream, i) => [stream.streamId, versions[i]]));
          const response = await service.call(request);
          const newEvents = async (streamId: string) =>
            (await eventsOf(service, streamId)).slice(before.get(streamId) ?? 0);
          for (const check of checks) await check({ response, newEvents });
        },
      }),
    }),
  };
}

/** The answer has this status and its body matches (toMatchObject). */
export const expectResponse =
  (status: number, body?: Record<string, unknown>): ApiCheck =>
  ({ response }) => {
    expect({ status: response.status, body: response.body }).toMatchObject({
      status,
      ...(body ? { body } : {}),
    });
  };

/** A refusal in the API's error envelope, with its description (and field, when given). */
export const expectError =
  (status: number, description: string | RegExp, field?: string): ApiCheck =>
  ({ response }) => {
    expect(response.status).toBe(status);
    const error = (response.body as { error?: Record<string, unknown> }).error;
    expect(error).toMatchObject({ code: status >= 500 ? 'SERVER_ERROR' : 'BAD_REQUEST_ERROR' });
    expect(error?.['description']).toEqual(
      typeof description === 'string' ? description : expect.stringMatching(description),
    );
    if (field !== undefined) expect(error?.['field']).toBe(field);
  };

/** Exactly these events were appended to the stream by the request, in order (each toMatchObject). */
export const expectNewEvents =
  (streamId: string, events: readonly { type: string; data?: unknown }[]): ApiCheck =>
  async ({ newEvents }) => {
    const appended = await newEvents(streamId);
    expect(appended.map((event) => event.type)).toEqual(events.map((event) => event.type));
    expect(appended).toMatchObject(events);
  };

async function write(service: ServiceUnderTest, stream: ExistingStream): Promise<number> {
  const { accountId, mode } = stream.caller ?? DEFAULT_CALLER;
  const metadata = { accountId, mode, now: stream.now ?? GIVEN_NOW };
  const { streamId, streamType } = stream;
  await writeGivenEvents(
    service.app.get(Database),
    stream.events.map(({ type, data }) => ({ streamId, streamType, type, data, metadata })),
    stream.projections ?? [],
  );
  return stream.events.length;
}

/** Every event on the stream id, whoever's: a write under another account or mode shows too. */
async function eventsOf(service: ServiceUnderTest, streamId: string) {
  return service.app
    .get(Database)
    .query<{ type: string; data: unknown }>(STREAM_EVENTS, [streamId]);
}
