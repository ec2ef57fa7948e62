/**
 * One SASL exchange on a connection, server side: each client message in, the server's answer out,
 * until it is `done` (authenticated) or throws (refused).
 */
export interface SaslExchange {
  respond(clientMessage: Buffer): Buffer;
  readonly done: boolean;
  /** The authenticated user, once done. */
  readonly principal: string | null;
}

export type SaslMechanismName = 'PLAIN' | 'SCRAM-SHA-256' | 'SCRAM-SHA-512';

/** A credential the client did not prove: the connection gets SASL_AUTHENTICATION_FAILED. */
export class SaslAuthenticationFailed extends Error {}
