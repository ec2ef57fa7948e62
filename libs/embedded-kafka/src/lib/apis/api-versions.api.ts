import { ApiKey } from '../protocol/api-keys';
import { ErrorCode } from '../protocol/error-codes';
import type { Writer } from '../protocol/writer';
import type { ApiDefinition, ResponseBody } from './api';

export const API_VERSIONS_MAX = 2;

/**
 * ApiVersions 0-2: exactly the keys and version ranges of the registry. A client asking in a newer
 * version gets UNSUPPORTED_VERSION in the v0 layout, with the list, so it can retry lower (Kafka).
 */
export function apiVersionsApi(registry: () => readonly ApiDefinition[]): ApiDefinition {
  return {
    key: ApiKey.ApiVersions,
    name: 'ApiVersions',
    minVersion: 0,
    maxVersion: API_VERSIONS_MAX,
    handle: (_body, { version }) => respond(registry(), version),
  };
}

/** Called by the connection for ApiVersions requests above the supported range. */
export function unsupportedApiVersions(registry: readonly ApiDefinition[]): ResponseBody {
  return (writer) => writeVersions(writer, ErrorCode.UNSUPPORTED_VERSION, registry);
}

function respond(registry: readonly ApiDefinition[], version: number): ResponseBody {
  return (writer) => {
    writeVersions(writer, ErrorCode.NONE, registry);
    if (version >= 1) writer.int32(0); // throttle_time_ms, last in this API
  };
}

function writeVersions(writer: Writer, error: ErrorCode, registry: readonly ApiDefinition[]): void {
  writer
    .int16(error)
    .array(registry, (w, api) => w.int16(api.key).int16(api.minVersion).int16(api.maxVersion));
}
