import { connect, createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import { FrameDecoder } from '../../src/lib/network/frame-decoder';

export interface SeenRequest {
  apiKey: number;
  apiVersion: number;
  correlationId: number;
}

/**
 * A TCP proxy in front of the broker that sees every request and can swallow chosen responses, to
 * reproduce what a flaky network does to a client (a lost answer makes kafkajs retry the request).
 */
export class KafkaProxy {
  readonly requests: SeenRequest[] = [];
  private readonly sockets = new Set<Socket>();
  private responsesToDrop: { apiKey: number; remaining: number } | null = null;
  targetPort = 0;

  private constructor(private readonly server: Server) {}

  static async start(): Promise<KafkaProxy> {
    const server = createServer();
    const proxy = new KafkaProxy(server);
    server.on('connection', (client) => proxy.pipe(client));
    await new Promise<void>((resolve) => server.listen({ host: '127.0.0.1', port: 0 }, resolve));
    return proxy;
  }

  get port(): number {
    return (this.server.address() as { port: number }).port;
  }

  /** The next `count` responses to requests with this API key are never delivered. */
  dropResponses(apiKey: number, count: number): void {
    this.responsesToDrop = { apiKey, remaining: count };
  }

  count(apiKey: number): number {
    return this.requests.filter((request) => request.apiKey === apiKey).length;
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private pipe(client: Socket): void {
    const upstream = connect({ host: '127.0.0.1', port: this.targetPort });
    this.sockets.add(client).add(upstream);
    const dropped = new Set<number>();
    const fromClient = new FrameDecoder(1 << 30);
    const fromBroker = new FrameDecoder(1 << 30);
    client.on('data', (chunk: Buffer) => {
      for (const event of fromClient.push(chunk)) {
        if (event.kind !== 'frame') continue;
        const request = {
          apiKey: event.frame.readInt16BE(0),
          apiVersion: event.frame.readInt16BE(2),
          correlationId: event.frame.readInt32BE(4),
        };
        this.requests.push(request);
        const rule = this.responsesToDrop;
        if (rule && rule.apiKey === request.apiKey && rule.remaining > 0) {
          rule.remaining--;
          dropped.add(request.correlationId);
        }
        upstream.write(withSize(event.frame));
      }
    });
    upstream.on('data', (chunk: Buffer) => {
      for (const event of fromBroker.push(chunk)) {
        if (event.kind !== 'frame' || dropped.delete(event.frame.readInt32BE(0))) continue;
        client.write(withSize(event.frame));
      }
    });
    const closeBoth = (): void => {
      client.destroy();
      upstream.destroy();
    };
    client.on('close', closeBoth).on('error', closeBoth);
    upstream.on('close', closeBoth).on('error', closeBoth);
  }
}

function withSize(frame: Buffer): Buffer {
  const size = Buffer.alloc(4);
  size.writeInt32BE(frame.length);
  return Buffer.concat([size, frame]);
}
