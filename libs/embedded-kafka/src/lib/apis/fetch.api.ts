import type { BrokerState } from '../broker-state';
import { ApiKey } from '../protocol/api-keys';
import { ErrorCode } from '../protocol/error-codes';
import type { Reader } from '../protocol/reader';
import type { ApiDefinition, ResponseBody } from './api';
import { writeThrottle } from './api';

interface FetchRequest {
  maxWaitMs: number;
  minBytes: number;
  maxBytes: number;
  sessionId: number;
  topics: {
    name: string;
    partitions: { partition: number; fetchOffset: number; maxBytes: number }[];
  }[];
}

interface PartitionData {
  partition: number;
  error: number;
  highWatermark: number;
  logStartOffset: number;
  records: Buffer[];
}

interface FetchResult {
  topics: { name: string; partitions: PartitionData[] }[];
  bytes: number;
  hasError: boolean;
}

/**
 * Fetch 4-11. Without enough data the request is parked until a Produce to one of its partitions or
 * `max_wait_ms` (a long poll: an immediate empty answer would make kafkajs spin). Fetch sessions
 * (v7+) are not kept: session id 0 tells the client to send full requests, which Kafka allows.
 */
export const fetchApi: ApiDefinition = {
  key: ApiKey.Fetch,
  name: 'Fetch',
  minVersion: 4,
  maxVersion: 11,
  handle(body, context) {
    const { version, broker, signal } = context;
    const request = readRequest(body, version);
    if (request.sessionId !== 0)
      return respond(version, ErrorCode.FETCH_SESSION_ID_NOT_FOUND, emptyResult());
    const first = collect(broker, request);
    if (first.hasError || first.bytes >= request.minBytes || request.maxWaitMs <= 0) {
      return respond(version, ErrorCode.NONE, first);
    }
    return park(broker, request, signal).then(() =>
      respond(version, ErrorCode.NONE, collect(broker, request)),
    );
  },
};

function readRequest(body: Reader, version: number): FetchRequest {
  body.int32(); // replica_id
  const maxWaitMs = body.int32();
  const minBytes = body.int32();
  const maxBytes = body.int32();
  body.int8(); // isolation_level
  const sessionId = version >= 7 ? body.int32() : 0;
  if (version >= 7) body.int32(); // session_epoch
  const topics = body.array((t) => ({
    name: t.string(),
    partitions: t.array((p) => {
      const partition = p.int32();
      if (version >= 9) p.int32(); // current_leader_epoch
      const fetchOffset = p.int64();
      if (version >= 5) p.int64(); // log_start_offset (followers only)
      return { partition, fetchOffset, maxBytes: p.int32() };
    }),
  }));
  if (version >= 7)
    body.array((t) => ({ name: t.string(), partitions: t.array((p) => p.int32()) })); // forgotten
  if (version >= 11) body.nullableString(); // rack_id
  return { maxWaitMs, minBytes, maxBytes, sessionId, topics };
}

/** Reads what each requested partition has from its fetch offset on, within the byte limits. */
function collect(broker: BrokerState, request: FetchRequest): FetchResult {
  let budget = request.maxBytes;
  let bytes = 0;
  let hasError = false;
  const topics = request.topics.map((topic) => ({
    name: topic.name,
    partitions: topic.partitions.map(({ partition, fetchOffset, maxBytes }): PartitionData => {
      const log = broker.topics.partition(topic.name, partition);
      if (!log) {
        hasError = true;
        return {
          partition,
          error: ErrorCode.UNKNOWN_TOPIC_OR_PARTITION,
          highWatermark: -1,
          logStartOffset: -1,
          records: [],
        };
      }
      const position = {
        partition,
        highWatermark: log.highWatermark,
        logStartOffset: log.logStartOffset,
      };
      if (fetchOffset > log.highWatermark || fetchOffset < log.logStartOffset) {
        hasError = true;
        return { ...position, error: ErrorCode.OFFSET_OUT_OF_RANGE, records: [] };
      }
      const records = budget > 0 ? log.read(fetchOffset, Math.min(maxBytes, budget)) : [];
      const size = records.reduce((sum, batch) => sum + batch.length, 0);
      budget -= size;
      bytes += size;
      return { ...position, error: ErrorCode.NONE, records };
    }),
  }));
  return { topics, bytes, hasError };
}

/** Resolves when enough bytes were appended to the requested partitions, or when the wait is over. */
function park(broker: BrokerState, request: FetchRequest, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const unsubscribes: (() => void)[] = [];
    let appended = 0;
    const finish = (): void => {
      clearTimeout(timer);
      signal.removeEventListener('abort', finish);
      for (const unsubscribe of unsubscribes) unsubscribe();
      resolve();
    };
    const timer = setTimeout(finish, request.maxWaitMs);
    signal.addEventListener('abort', finish, { once: true });
    for (const topic of request.topics) {
      for (const { partition } of topic.partitions) {
        const log = broker.topics.partition(topic.name, partition);
        unsubscribes.push(
          log?.onAppend((size) => {
            appended += size;
            if (appended >= request.minBytes) finish();
          }) ?? (() => undefined),
        );
      }
    }
  });
}

function emptyResult(): FetchResult {
  return { topics: [], bytes: 0, hasError: true };
}

function respond(version: number, error: number, result: FetchResult): ResponseBody {
  return (writer) => {
    writeThrottle(writer, version, 1);
    if (version >= 7) writer.int16(error).int32(0); // session_id 0: no fetch session
    writer.array(result.topics, (w, topic) => {
      w.string(topic.name).array(topic.partitions, (pw, data) => {
        pw.int32(data.partition).int16(data.error).int64(data.highWatermark);
        pw.int64(data.highWatermark); // last_stable_offset: no transactions, so the high watermark
        if (version >= 5) pw.int64(data.logStartOffset);
        pw.array([], () => undefined); // aborted transactions
        if (version >= 11) pw.int32(-1); // preferred_read_replica: must be -1, or kafkajs reads elsewhere
        pw.int32(data.records.reduce((sum, batch) => sum + batch.length, 0));
        for (const batch of data.records) pw.raw(batch);
      });
    });
  };
}
