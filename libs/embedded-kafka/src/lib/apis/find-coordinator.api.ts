import { ApiKey } from '../protocol/api-keys';
import { ErrorCode } from '../protocol/error-codes';
import type { ApiDefinition } from './api';

/** FindCoordinator 0-2: the only node coordinates every group (key type 0) and transactional id (1). */
export const findCoordinatorApi: ApiDefinition = {
  key: ApiKey.FindCoordinator,
  name: 'FindCoordinator',
  minVersion: 0,
  maxVersion: 2,
  handle(body, { version, broker }) {
    body.string(); // key
    const keyType = version >= 1 ? body.int8() : 0;
    const error = keyType === 0 || keyType === 1 ? ErrorCode.NONE : ErrorCode.INVALID_REQUEST;
    const { nodeId, host, port } = broker.identity;
    return (writer) => {
      if (version >= 1) writer.int32(0);
      writer.int16(error);
      if (version >= 1)
        writer.string(error === ErrorCode.NONE ? null : `unknown coordinator key type ${keyType}`);
      writer.int32(nodeId).string(host).int32(port);
    };
  },
};
