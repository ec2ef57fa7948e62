import { connect } from 'node:net';
import type { Socket } from 'node:net';
import { FrameDecoder } from '../../src/lib/network/frame-decoder';
import { Writer } from '../../src/lib/protocol/writer';

/**
 * A bare Kafka-protocol client for tests that must send what kafkajs never would: malformed frames,
 * unknown API keys, unsupported versions, corrupt batches.
 */
export class RawClient {
  private readonly responses: Buffer[] = [];
  private waiting: (() => void) | null = null;
  readonly closed: Promise<void>;

  private constructor(private readonly socket: Socket) {
    const decoder = new FrameDecoder(64 * 1024 * 1024);
    socket.on('data', (chunk: Buffer) => {
      for (const event of decoder.push(chunk))
        if (event.kind === 'frame') this.responses.push(event.frame);
      this.waiting?.();
    });
    socket.on('error', () => undefined);
    this.closed = new Promise((resolve) => socket.once('close', () => resolve()));
    void this.closed.then(() => this.waiting?.());
  }

  static connect(port: number): Promise<RawClient> {
    return new Promise((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port }, () => resolve(new RawClient(socket)));
      socket.once('error', reject);
    });
  }

  /** Sends a request with header v1 and the given body. */
  request(
    apiKey: number,
    apiVersion: number,
    correlationId: number,
    body: (writer: Writer) => void = () => undefined,
  ): void {
    const writer = new Writer()
      .int16(apiKey)
      .int16(apiVersion)
      .int32(correlationId)
      .string('raw-client');
    body(writer);
    const payload = Buffer.concat(writer.toBuffers());
    const size = Buffer.alloc(4);
    size.writeInt32BE(payload.length);
    this.socket.write(Buffer.concat([size, payload]));
  }

  sendBytes(bytes: Buffer): void {
    this.socket.write(bytes);
  }

  /** The next response frame (correlation id first), or null if the broker closed the connection. */
  async nextResponse(timeoutMs = 5000): Promise<Buffer | null> {
    const deadline = Date.now() + timeoutMs;
    while (this.responses.length === 0) {
      if (this.socket.destroyed || this.socket.readableEnded) return null;
      if (Date.now() > deadline) throw new Error('no response within the timeout');
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
        setTimeout(resolve, 50);
      });
    }
    return this.responses.shift() as Buffer;
  }

  close(): void {
    this.socket.destroy();
  }
}
