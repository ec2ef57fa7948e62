import { ApiKey } from '../protocol/api-keys';
import type { ApiDefinition } from './api';

/**
 * SaslHandshake 1: the client names its mechanism; the answer lists the enabled ones. Version 0
 * (raw SASL tokens outside Kafka's framing) is not offered: clients then use SaslAuthenticate.
 */
export const saslHandshakeApi: ApiDefinition = {
  key: ApiKey.SaslHandshake,
  name: 'SaslHandshake',
  minVersion: 1,
  maxVersion: 1,
  handle(body, { session }) {
    const error = session.handshake(body.string());
    return (writer) =>
      writer.int16(error).array(session.mechanisms, (w, mechanism) => w.string(mechanism));
  },
};
