import type { BrokerState } from '../broker-state';
import type { SaslSession } from '../sasl/sasl-session';
import type { ApiKey } from '../protocol/api-keys';
import type { Reader } from '../protocol/reader';
import type { Writer } from '../protocol/writer';

export interface RequestContext {
  version: number;
  clientId: string | null;
  clientHost: string;
  /** Aborted when the connection closes: parked requests drop their timers and listeners. */
  signal: AbortSignal;
  broker: BrokerState;
  /** The connection's SASL state (authenticated from the start on a listener without SASL). */
  session: SaslSession;
}

/** Writes the response body (after the correlation id) in the request's version. */
export type ResponseBody = (writer: Writer) => void;

/** null: the request gets no response at all (Produce with acks = 0). */
export type ApiResult = ResponseBody | Promise<ResponseBody> | null;

export interface ApiDefinition {
  key: ApiKey;
  name: string;
  minVersion: number;
  maxVersion: number;
  handle(body: Reader, context: RequestContext): ApiResult;
}

/** throttle_time_ms, always 0: kafkajs delays the socket by any other value on KIP-219 versions. */
export function writeThrottle(writer: Writer, version: number, sinceVersion: number): void {
  if (version >= sinceVersion) writer.int32(0);
}
