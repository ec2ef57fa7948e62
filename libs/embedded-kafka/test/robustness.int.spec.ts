import { fork } from 'node:child_process';
import { join } from 'node:path';
import type { RunningBroker } from '../src';
import { API_REGISTRY } from '../src/lib/apis/api-registry';
import { ApiKey } from '../src/lib/protocol/api-keys';
import { ErrorCode } from '../src/lib/protocol/error-codes';
import { Reader } from '../src/lib/protocol/reader';
import { RawClient } from './support/raw-client';
import { encodeBatch } from './support/record-batches';
import {
  consumeAtLeast,
  kafkaClient,
  quickConsumer,
  startTestBroker,
  startedConsumer,
  stopStartedConsumers,
  uniqueName,
} from './support/kafka-test-kit';

interface VersionRange {
  apiKey: number;
  min: number;
  max: number;
}

function readApiVersions(frame: Buffer): {
  correlationId: number;
  error: number;
  apis: VersionRange[];
} {
  const reader = new Reader(frame);
  const correlationId = reader.int32();
  const error = reader.int16();
  const apis = reader.array((r) => ({ apiKey: r.int16(), min: r.int16(), max: r.int16() }));
  return { correlationId, error, apis };
}

describe('a broker facing bad clients', () => {
  let broker: RunningBroker;
  const opened: RawClient[] = [];

  async function raw(): Promise<RawClient> {
    const client = await RawClient.connect(broker.port);
    opened.push(client);
    return client;
  }

  /** A full kafkajs produce and consume: the broker still serves everyone else. */
  async function stillServes(): Promise<void> {
    const kafka = kafkaClient(broker.brokers);
    const producer = kafka.producer();
    await producer.connect();
    const topic = uniqueName('alive');
    await producer.send({ topic, messages: [{ value: 'still here' }] });
    await producer.disconnect();
    const consumer = startedConsumer(kafka, quickConsumer(uniqueName('alive')));
    await consumer.connect();
    expect((await consumeAtLeast(consumer, topic, 1)).map((m) => m.value)).toEqual(['still here']);
  }

  beforeAll(
    async () =>
      (broker = await startTestBroker({
        maxRequestBytes: 2 * 1024 * 1024,
        maxMessageBytes: 1024 * 1024,
      })),
  );
  afterEach(async () => {
    await stopStartedConsumers();
    for (const client of opened.splice(0)) client.close();
  });
  afterAll(() => broker.stop());

  it('answers ApiVersions with exactly the APIs and version ranges it implements', async () => {
    const client = await raw();
    client.request(ApiKey.ApiVersions, 2, 7);
    const answer = readApiVersions((await client.nextResponse())!);
    expect(answer).toMatchObject({ correlationId: 7, error: ErrorCode.NONE });
    expect(answer.apis).toEqual(
      API_REGISTRY.map((api) => ({ apiKey: api.key, min: api.minVersion, max: api.maxVersion })),
    );
    expect(answer.apis).toEqual(
      expect.arrayContaining([
        { apiKey: ApiKey.Produce, min: 3, max: 7 },
        { apiKey: ApiKey.Fetch, min: 4, max: 11 },
        { apiKey: ApiKey.JoinGroup, min: 0, max: 5 },
        { apiKey: ApiKey.InitProducerId, min: 0, max: 1 },
      ]),
    );
    expect(answer.apis.map((a) => a.apiKey)).not.toContain(24); // no transactions
  });

  it('answers an ApiVersions request in a newer version with UNSUPPORTED_VERSION and the list, in the v0 layout', async () => {
    const client = await raw();
    client.request(ApiKey.ApiVersions, 3, 8, (w) => w.int8(0));
    const answer = readApiVersions((await client.nextResponse())!);
    expect(answer.error).toBe(ErrorCode.UNSUPPORTED_VERSION);
    expect(answer.apis.length).toBe(API_REGISTRY.length);
  });

  it.each([
    ['an unknown API key', (c: RawClient) => c.request(99, 0, 1)],
    [
      'an API version it does not implement',
      (c: RawClient) => c.request(ApiKey.Metadata, 0, 1, (w) => w.int32(0)),
    ],
    ['a body cut short', (c: RawClient) => c.request(ApiKey.Metadata, 4, 1, (w) => w.int32(5))],
    ['a header cut short', (c: RawClient) => c.sendBytes(Buffer.from([0, 0, 0, 3, 0, 18, 0]))],
    [
      'random bytes',
      (c: RawClient) => c.sendBytes(Buffer.from('GET / HTTP/1.1\r\nHost: kafka\r\n\r\n')),
    ],
    [
      'a request over the size limit, without sending it all',
      (c: RawClient) => c.sendBytes(Buffer.from([0x10, 0, 0, 0, 0, 1])),
    ],
    ['a negative frame size', (c: RawClient) => c.sendBytes(Buffer.from([0xff, 0xff, 0xff, 0xf0]))],
  ])('closes the connection on %s and keeps serving other clients', async (_, send) => {
    const client = await raw();
    send(client);
    await client.closed;
    expect(await client.nextResponse()).toBeNull();
    await stillServes();
  });

  it('answers a produce with a bad CRC with CORRUPT_MESSAGE, stores nothing, and keeps serving', async () => {
    const topic = uniqueName('crc');
    const admin = kafkaClient(broker.brokers).admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic }] });
    const batch = await encodeBatch({ records: [{ value: 'tampered' }] });
    batch[batch.length - 3] ^= 0x01;
    const client = await raw();
    client.request(ApiKey.Produce, 3, 11, (w) => {
      w.string(null).int16(-1).int32(1000);
      w.array([topic], (tw, name) =>
        tw.string(name).array([0], (pw, p) => pw.int32(p).bytes(batch)),
      );
    });
    const reader = new Reader((await client.nextResponse())!);
    expect(reader.int32()).toBe(11);
    const [[partitionAnswer]] = reader.array(
      (t) => (t.string(), t.array((p) => ({ partition: p.int32(), error: p.int16() }))),
    );
    expect(partitionAnswer).toEqual({ partition: 0, error: ErrorCode.CORRUPT_MESSAGE });
    expect((await admin.fetchTopicOffsets(topic))[0].high).toBe('0');
    await admin.disconnect();
    await stillServes();
  });

  it('serves hundreds of connections at once', async () => {
    const clients = await Promise.all(Array.from({ length: 300 }, () => raw()));
    clients.forEach((client, i) => client.request(ApiKey.ApiVersions, 2, i));
    const answers = await Promise.all(
      clients.map(
        async (client) => readApiVersions((await client.nextResponse(10000))!).correlationId,
      ),
    );
    expect(answers).toEqual(clients.map((_, i) => i));
    await stillServes();
  });

  it('leaves no socket, timer or file behind after stop(): its process exits by itself', async () => {
    const child = fork(join(__dirname, 'support/stop-check-worker.ts'), [], {
      execArgv: ['-r', '@swc-node/register'],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const exited = new Promise<number | null>((resolve) =>
      child.once('exit', (code) => resolve(code)),
    );
    const { brokers, port } = await new Promise<{ brokers: string[]; port: number }>((resolve) =>
      child.once('message', resolve as never),
    );
    const kafka = kafkaClient(brokers, 'stop-check', { retry: { retries: 0 } });
    const consumer = startedConsumer(kafka, quickConsumer(uniqueName('parked')));
    await consumer.connect();
    const topic = uniqueName('parked');
    await consumeUntilJoined(consumer, topic);
    const idle = await Promise.all(Array.from({ length: 20 }, () => RawClient.connect(port)));
    child.send('stop');
    const outcome = await Promise.race([
      exited,
      new Promise((resolve) => setTimeout(() => resolve('still running after 5 s'), 5000)),
    ]);
    if (outcome === 'still running after 5 s') child.kill('SIGKILL');
    expect(outcome).toBe(0);
    await Promise.all(idle.map((client) => client.closed));
  });
});

/** Subscribes and waits until the group is formed, so a fetch is parked on the broker. */
async function consumeUntilJoined(
  consumer: ReturnType<typeof startedConsumer>,
  topic: string,
): Promise<void> {
  const joined = new Promise<void>((resolve) =>
    consumer.on(consumer.events.GROUP_JOIN, () => resolve()),
  );
  await consumer.subscribe({ topic, fromBeginning: true });
  await consumer.run({ eachMessage: async () => undefined });
  await joined;
  await new Promise((resolve) => setTimeout(resolve, 300));
}
