import { ErrorCode } from '../protocol/error-codes';
import { plainExchange } from './plain';
import { scramExchange } from './scram';
import { SaslAuthenticationFailed } from './sasl-mechanism';
import type { SaslExchange, SaslMechanismName } from './sasl-mechanism';

/** Kafka's `sasl.enabled.mechanisms` and the users it knows (user → password). */
export interface SaslSettings {
  mechanisms: readonly SaslMechanismName[];
  users: Readonly<Record<string, string>>;
}

export interface SaslStep {
  error: ErrorCode;
  message: string | null;
  bytes: Buffer;
}

/**
 * A connection's SASL state. Without SASL settings every connection is authenticated from the
 * start; with them, only ApiVersions, SaslHandshake and SaslAuthenticate are answered until the
 * client has proved a user (Kafka's SASL listener).
 */
export class SaslSession {
  private exchange: SaslExchange | null = null;
  private readonly users: ReadonlyMap<string, string>;

  constructor(private readonly settings: SaslSettings | null) {
    this.users = new Map(Object.entries(settings?.users ?? {}));
  }

  get mechanisms(): readonly string[] {
    return this.settings?.mechanisms ?? [];
  }

  get authenticated(): boolean {
    return this.settings === null || this.exchange?.done === true;
  }

  /** SaslHandshake: picks the mechanism the following SaslAuthenticate requests speak. */
  handshake(mechanism: string): ErrorCode {
    if (this.settings === null || this.exchange !== null) return ErrorCode.ILLEGAL_SASL_STATE;
    const chosen = this.settings.mechanisms.find((name) => name === mechanism);
    if (!chosen) return ErrorCode.UNSUPPORTED_SASL_MECHANISM;
    this.exchange =
      chosen === 'PLAIN'
        ? plainExchange(this.users)
        : scramExchange(chosen === 'SCRAM-SHA-256' ? 'sha256' : 'sha512', this.users);
    return ErrorCode.NONE;
  }

  /** SaslAuthenticate: one client message of the exchange in, the server's answer out. */
  authenticate(clientMessage: Buffer): SaslStep {
    if (this.exchange === null || this.exchange.done)
      return { error: ErrorCode.ILLEGAL_SASL_STATE, message: null, bytes: Buffer.alloc(0) };
    try {
      return { error: ErrorCode.NONE, message: null, bytes: this.exchange.respond(clientMessage) };
    } catch (error) {
      if (!(error instanceof SaslAuthenticationFailed)) throw error;
      return {
        error: ErrorCode.SASL_AUTHENTICATION_FAILED,
        message: error.message,
        bytes: Buffer.alloc(0),
      };
    }
  }
}
