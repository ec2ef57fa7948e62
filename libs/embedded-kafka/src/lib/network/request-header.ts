import type { Reader } from '../protocol/reader';

export interface RequestHeader {
  apiKey: number;
  apiVersion: number;
  correlationId: number;
  clientId: string | null;
}

/** Request header v1 (v2 adds tagged fields after the client id; only ApiVersions v3+ sends it here). */
export function readRequestHeader(reader: Reader): RequestHeader {
  return {
    apiKey: reader.int16(),
    apiVersion: reader.int16(),
    correlationId: reader.int32(),
    clientId: reader.nullableString(),
  };
}
