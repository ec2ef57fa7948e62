import type { Socket } from 'node:net';
import type { ApiDefinition, ApiResult, ResponseBody } from '../apis/api';
import { findApi } from '../apis/api-registry';
import { API_REGISTRY } from '../apis/api-registry';
import { unsupportedApiVersions } from '../apis/api-versions.api';
import type { BrokerState } from '../broker-state';
import { SaslSession } from '../sasl/sasl-session';
import type { SaslSettings } from '../sasl/sasl-session';
import { ApiKey } from '../protocol/api-keys';
import { MalformedRequestError, Reader } from '../protocol/reader';
import { Writer } from '../protocol/writer';
import { FrameDecoder, SIZE_PREFIX } from './frame-decoder';
import { readRequestHeader } from './request-header';
import type { RequestHeader } from './request-header';

/** Stop reading from a client whose answers pile up unread beyond this many bytes. */
const WRITE_BACKLOG_LIMIT = 16 * 1024 * 1024;

/** What a SASL listener answers before the client has authenticated (Kafka closes on anything else). */
const BEFORE_AUTHENTICATION = new Set<number>([
  ApiKey.ApiVersions,
  ApiKey.SaslHandshake,
  ApiKey.SaslAuthenticate,
]);

interface ResponseSlot {
  buffers: Buffer[] | null;
}

/**
 * One client connection. Requests are handled as they arrive (several may be in flight), but
 * answers are written strictly in request order, as Kafka does: kafkajs matches answers by
 * correlation id, while the Java client and librdkafka expect them in order. Anything malformed,
 * unknown or oversized closes the connection (Kafka's answer); it never stops the broker.
 */
export class Connection {
  private readonly decoder: FrameDecoder;
  private readonly slots: ResponseSlot[] = [];
  private readonly closed = new AbortController();
  private readonly session: SaslSession;
  readonly clientHost: string;

  constructor(
    private readonly socket: Socket,
    private readonly broker: BrokerState,
    limits: { maxRequestBytes: number; sasl: SaslSettings | null },
  ) {
    this.decoder = new FrameDecoder(limits.maxRequestBytes);
    this.session = new SaslSession(limits.sasl);
    this.clientHost = `/${socket.remoteAddress ?? 'unknown'}`;
    socket.setNoDelay(true);
    socket.on('data', (chunk: Buffer) => this.receive(chunk));
    socket.on('drain', () => socket.resume());
    socket.on('error', (error) =>
      broker.log('debug', 'connection error', { client: this.clientHost, error: error.message }),
    );
    socket.on('close', () => this.closed.abort());
  }

  get signal(): AbortSignal {
    return this.closed.signal;
  }

  destroy(): void {
    this.socket.destroy();
    this.closed.abort();
  }

  private receive(chunk: Buffer): void {
    for (const event of this.decoder.push(chunk)) {
      if (this.closed.signal.aborted) return;
      if (event.kind === 'oversized')
        return this.refuse('request size out of bounds', { size: event.size });
      this.handleFrame(event.frame);
    }
  }

  private handleFrame(frame: Buffer): void {
    const reader = new Reader(frame);
    let header: RequestHeader;
    try {
      header = readRequestHeader(reader);
    } catch {
      return this.refuse('malformed request header', { bytes: frame.length });
    }
    const api = findApi(header.apiKey);
    if (!api) return this.refuse('unknown API key', { apiKey: header.apiKey });
    if (!this.session.authenticated && !BEFORE_AUTHENTICATION.has(api.key))
      return this.refuse('request before SASL authentication', { api: api.name });
    if (header.apiVersion < api.minVersion || header.apiVersion > api.maxVersion) {
      if (api.key === ApiKey.ApiVersions)
        return this.enqueue(header.correlationId, unsupportedApiVersions(API_REGISTRY));
      return this.refuse('unsupported API version', { api: api.name, version: header.apiVersion });
    }
    const result = this.dispatch(api, header, reader);
    if (result !== undefined && result !== null) this.enqueue(header.correlationId, result);
  }

  private dispatch(
    api: ApiDefinition,
    header: RequestHeader,
    reader: Reader,
  ): ApiResult | undefined {
    try {
      return api.handle(reader, {
        version: header.apiVersion,
        clientId: header.clientId,
        clientHost: this.clientHost,
        signal: this.closed.signal,
        broker: this.broker,
        session: this.session,
      });
    } catch (error) {
      if (error instanceof MalformedRequestError)
        this.refuse('malformed request', { api: api.name, reason: error.message });
      else this.fail(api.name, error);
      return undefined;
    }
  }

  private enqueue(correlationId: number, result: ResponseBody | Promise<ResponseBody>): void {
    const slot: ResponseSlot = { buffers: null };
    this.slots.push(slot);
    if (typeof result === 'function') return this.fill(slot, correlationId, result);
    result.then(
      (body) => this.fill(slot, correlationId, body),
      (error: unknown) => this.fail('parked request', error),
    );
  }

  private fill(slot: ResponseSlot, correlationId: number, body: ResponseBody): void {
    if (this.closed.signal.aborted) return;
    const writer = new Writer().int32(correlationId);
    try {
      body(writer);
    } catch (error) {
      return this.fail('response encoding', error);
    }
    const size = Buffer.allocUnsafe(SIZE_PREFIX);
    size.writeInt32BE(writer.length, 0);
    slot.buffers = [size, ...writer.toBuffers()];
    this.flush();
  }

  private flush(): void {
    if (this.slots[0]?.buffers == null) return;
    this.socket.cork();
    while (this.slots.length > 0 && this.slots[0].buffers !== null) {
      for (const buffer of (this.slots.shift() as ResponseSlot).buffers as Buffer[])
        this.socket.write(buffer);
    }
    this.socket.uncork();
    if (this.socket.writableLength > WRITE_BACKLOG_LIMIT) this.socket.pause();
  }

  private refuse(reason: string, fields: Record<string, unknown>): void {
    this.broker.log('warn', `closing connection: ${reason}`, {
      client: this.clientHost,
      ...fields,
    });
    this.destroy();
  }

  private fail(where: string, error: unknown): void {
    this.broker.log('error', `internal error in ${where}; closing the connection`, {
      client: this.clientHost,
      error: error instanceof Error ? error.stack : String(error),
    });
    this.destroy();
  }
}
