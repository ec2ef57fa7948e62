import { ApiKey } from '../protocol/api-keys';
import { ErrorCode } from '../protocol/error-codes';
import type { ApiDefinition } from './api';

/** InitProducerId 0-1: a fresh producer id (epoch 0) for idempotent producers. */
export const initProducerIdApi: ApiDefinition = {
  key: ApiKey.InitProducerId,
  name: 'InitProducerId',
  minVersion: 0,
  maxVersion: 1,
  handle(body, { broker }) {
    body.nullableString(); // transactional_id
    body.int32(); // transaction_timeout_ms
    const producerId = broker.producerIds.next();
    return (writer) => writer.int32(0).int16(ErrorCode.NONE).int64(producerId).int16(0);
  },
};
