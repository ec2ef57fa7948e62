import { ApiKey } from '../protocol/api-keys';
import type { ApiDefinition } from './api';

/** SaslAuthenticate 0-1: one step of the exchange the handshake chose. */
export const saslAuthenticateApi: ApiDefinition = {
  key: ApiKey.SaslAuthenticate,
  name: 'SaslAuthenticate',
  minVersion: 0,
  maxVersion: 1,
  handle(body, { version, session, broker, clientHost }) {
    const step = session.authenticate(body.bytes());
    if (step.message)
      broker.log('warn', 'SASL authentication failed', {
        client: clientHost,
        reason: step.message,
      });
    return (writer) => {
      writer.int16(step.error).string(step.message).bytes(step.bytes);
      if (version >= 1) writer.int64(0); // session_lifetime_ms: no re-authentication asked
    };
  },
};
