import { CompressionCodecs, CompressionTypes } from 'kafkajs';
import type { Admin, Kafka, Producer } from 'kafkajs';
import { ApiKey } from '../src/lib/protocol/api-keys';
import { KafkaProxy } from './support/kafka-proxy';
import {
  consumeAtLeast,
  kafkaClient,
  quickConsumer,
  startBrokerWithClients,
  startTestBroker,
  startedConsumer,
  stopStartedConsumers,
  uniqueName,
  waitFor,
} from './support/kafka-test-kit';
import type { BrokerWithClients } from './support/kafka-test-kit';

describe('producing and consuming with kafkajs', () => {
  let kafka: Kafka;
  let admin: Admin;
  let producer: Producer;
  let clients: BrokerWithClients;

  beforeAll(async () => {
    ({ kafka, admin, producer } = clients = await startBrokerWithClients({
      allowAutoTopicCreation: true,
    }));
  });

  afterEach(() => stopStartedConsumers());

  afterAll(() => clients.stop());

  it('delivers keys, values and headers across 6 partitions, in order per key', async () => {
    const topic = uniqueName('orders');
    await admin.createTopics({ topics: [{ topic, numPartitions: 6 }] });
    const keys = Array.from({ length: 12 }, (_, i) => `customer-${i}`);
    const sent = keys.flatMap((key) =>
      Array.from({ length: 10 }, (_, n) => ({
        key,
        value: `${key}:${n}`,
        headers: { seq: String(n), source: 'test' },
      })),
    );
    for (let i = 0; i < sent.length; i += 20)
      await producer.send({ topic, acks: -1, messages: sent.slice(i, i + 20) });

    const consumer = startedConsumer(kafka, quickConsumer(uniqueName('round-trip')));
    await consumer.connect();
    const received = await consumeAtLeast(consumer, topic, sent.length);
    await consumer.disconnect();

    expect(received).toHaveLength(sent.length);
    expect(new Set(received.map((m) => m.partition)).size).toBe(6);
    for (const key of keys) {
      const forKey = received.filter((m) => m.key === key);
      expect(forKey.map((m) => m.value)).toEqual(
        Array.from({ length: 10 }, (_, n) => `${key}:${n}`),
      );
      expect(new Set(forKey.map((m) => m.partition)).size).toBe(1);
      expect(forKey.map((m) => m.headers)).toEqual(
        Array.from({ length: 10 }, (_, n) => ({ seq: String(n), source: 'test' })),
      );
    }
  });

  it('returns contiguous base offsets to the producer and round-trips null keys and values', async () => {
    const topic = uniqueName('offsets');
    const first = await producer.send({
      topic,
      messages: [{ value: 'a' }, { value: 'b' }, { value: 'c' }],
    });
    const second = await producer.send({ topic, messages: [{ key: null, value: null }] });
    expect([first[0].baseOffset, second[0].baseOffset]).toEqual(['0', '3']);
    const consumer = startedConsumer(kafka, quickConsumer(uniqueName('nulls')));
    await consumer.connect();
    const received = await consumeAtLeast(consumer, topic, 4);
    await consumer.disconnect();
    expect(received.map((m) => [m.offset, m.key, m.value])).toEqual([
      [0, null, 'a'],
      [1, null, 'b'],
      [2, null, 'c'],
      [3, null, null],
    ]);
  });

  it('appends with acks 1 and acks 0 (which gets no answer)', async () => {
    const topic = uniqueName('acks');
    await producer.send({ topic, acks: 1, messages: [{ value: 'one' }] });
    await producer.send({ topic, acks: 0, messages: [{ value: 'zero' }] });
    const offsets = await waitFor(async () => {
      const [partition] = await admin.fetchTopicOffsets(topic);
      return partition.high === '2' ? partition : null;
    }, 'both messages appended');
    expect(offsets).toMatchObject({ low: '0', high: '2' });
  });

  it('stores gzip batches and delivers them decompressed', async () => {
    const topic = uniqueName('gzip');
    await producer.send({
      topic,
      compression: CompressionTypes.GZIP,
      messages: [{ value: 'x'.repeat(2000) }, { value: 'y' }],
    });
    const consumer = startedConsumer(kafka, quickConsumer(uniqueName('gzip')));
    await consumer.connect();
    const received = await consumeAtLeast(consumer, topic, 2);
    await consumer.disconnect();
    expect(received.map((m) => m.value)).toEqual(['x'.repeat(2000), 'y']);
  });

  it('refuses a codec it cannot check with a clear error instead of storing it', async () => {
    CompressionCodecs[CompressionTypes.Snappy] = () => ({
      compress: async (encoder: { buffer: Buffer }) => encoder.buffer,
      decompress: async (buffer: Buffer) => buffer,
    });
    const topic = uniqueName('snappy');
    await admin.createTopics({ topics: [{ topic }] });
    const failure = producer.send({
      topic,
      compression: CompressionTypes.Snappy,
      messages: [{ value: 'v' }],
    });
    await expect(failure).rejects.toMatchObject({ type: 'UNSUPPORTED_COMPRESSION_TYPE' });
    const [partition] = await admin.fetchTopicOffsets(topic);
    expect(partition.high).toBe('0');
  });

  it('refuses a batch larger than the maximum message size', async () => {
    const small = await startTestBroker({ maxMessageBytes: 10_000 });
    const smallProducer = kafkaClient(small.brokers).producer();
    await smallProducer.connect();
    const failure = smallProducer.send({
      topic: uniqueName('big'),
      messages: [{ value: 'z'.repeat(20_000) }],
    });
    await expect(failure).rejects.toMatchObject({ type: 'MESSAGE_TOO_LARGE' });
    await smallProducer.disconnect();
    await small.stop();
  });

  it('finds offsets by timestamp and reports earliest and latest', async () => {
    const topic = uniqueName('by-time');
    await producer.send({
      topic,
      messages: [
        { value: 'old', timestamp: '1000000' },
        { value: 'new', timestamp: '2000000' },
      ],
    });
    expect(await admin.fetchTopicOffsetsByTimestamp(topic, 1_500_000)).toEqual([
      { partition: 0, offset: '1' },
    ]);
    expect(await admin.fetchTopicOffsets(topic)).toEqual([
      { partition: 0, offset: '2', high: '2', low: '0' },
    ]);
  });

  it('creates topics on first use only when auto-creation is on', async () => {
    const strict = await startTestBroker({ autoCreateTopics: false });
    const strictProducer = kafkaClient(strict.brokers).producer({
      retry: { retries: 1, initialRetryTime: 50 },
    });
    await strictProducer.connect();
    await expect(
      strictProducer.send({ topic: uniqueName('missing'), messages: [{ value: 'v' }] }),
    ).rejects.toThrow(/does not host this topic-partition|topic-partition/);
    await strictProducer.disconnect();
    await strict.stop();
  });

  it('parks an idle fetch instead of answering empty at once, and wakes it when data arrives', async () => {
    const proxy = await KafkaProxy.start();
    const polled = await startTestBroker({ advertisedPort: proxy.port });
    proxy.targetPort = polled.port;
    const topic = uniqueName('idle');
    const client = kafkaClient(polled.brokers);
    const producerOfIdle = client.producer();
    await producerOfIdle.connect();
    await producerOfIdle.send({ topic, messages: [{ value: 'first' }] });
    const consumer = startedConsumer(
      client,
      quickConsumer(uniqueName('idle'), { maxWaitTimeInMs: 3000, sessionTimeout: 10000 }),
    );
    await consumer.connect();
    const received: string[] = [];
    await consumer.subscribe({ topic, fromBeginning: true });
    await consumer.run({
      eachMessage: async ({ message }) => void received.push(String(message.value)),
    });
    await waitFor(() => received.length === 1, 'the first message');
    await new Promise((resolve) => setTimeout(resolve, 300)); // the next fetch is now parked

    const fetchesBefore = proxy.count(ApiKey.Fetch);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(proxy.count(ApiKey.Fetch)).toBe(fetchesBefore); // parked, not a busy loop of empty answers

    // The parked fetch still has about 1.7 s to wait: only a wake-up on append delivers sooner.
    const sentAt = Date.now();
    await producerOfIdle.send({ topic, messages: [{ value: 'wake up' }] });
    await waitFor(() => received.length === 2, 'the second message');
    expect(Date.now() - sentAt).toBeLessThan(1000);
    await Promise.all([consumer.disconnect(), producerOfIdle.disconnect()]);
    await polled.stop();
    await proxy.close();
  });
});
