import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningBroker } from '../src';
import {
  consumeAtLeast,
  kafkaClient,
  quickConsumer,
  startTestBroker,
  startedConsumer,
  stopStartedConsumers,
  uniqueName,
  waitFor,
} from './support/kafka-test-kit';
import type { Received } from './support/kafka-test-kit';

describe('a broker with a data directory', () => {
  let dataDir: string;
  let broker: RunningBroker | null = null;

  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'embedded-kafka-'))));
  afterEach(async () => {
    await stopStartedConsumers();
    await broker?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('keeps topics, messages and committed offsets across a restart', async () => {
    const topic = uniqueName('ledger');
    const groupId = uniqueName('ledger-reader');
    broker = await startTestBroker({ dataDir });
    let kafka = kafkaClient(broker.brokers);
    const admin = kafka.admin();
    const producer = kafka.producer();
    await Promise.all([admin.connect(), producer.connect()]);
    await admin.createTopics({ topics: [{ topic, numPartitions: 3 }] });
    const sent = Array.from({ length: 30 }, (_, i) => ({
      key: `k${i % 7}`,
      value: `entry-${i}`,
      headers: { n: String(i) },
    }));
    await producer.send({ topic, acks: -1, messages: sent });

    const reader = startedConsumer(kafka, quickConsumer(groupId));
    await reader.connect();
    await consumeAtLeast(reader, topic, 30);
    const committedBefore = await waitFor(async () => {
      const [{ partitions }] = await admin.fetchOffsets({ groupId, topics: [topic] });
      return partitions.reduce((sum, p) => sum + Number(p.offset), 0) === 30 ? partitions : null;
    }, 'all 30 committed');
    await reader.disconnect();
    await producer.send({ topic, messages: [{ key: 'late', value: 'after-commit' }] });
    await Promise.all([admin.disconnect(), producer.disconnect()]);
    await broker.stop();

    broker = await startTestBroker({ dataDir });
    kafka = kafkaClient(broker.brokers);
    const adminAfter = kafka.admin();
    await adminAfter.connect();
    const metadata = await adminAfter.fetchTopicMetadata({ topics: [topic] });
    expect(metadata.topics[0].partitions).toHaveLength(3);
    const [{ partitions: committedAfter }] = await adminAfter.fetchOffsets({
      groupId,
      topics: [topic],
    });
    expect(sortByPartition(committedAfter)).toEqual(sortByPartition(committedBefore));

    const resumed = startedConsumer(kafka, quickConsumer(groupId));
    await resumed.connect();
    const rest = await consumeAtLeast(resumed, topic, 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(rest.map((m) => m.value)).toEqual(['after-commit']);

    const everything = startedConsumer(kafka, quickConsumer(uniqueName('replay')));
    await everything.connect();
    const replayed = await consumeAtLeast(everything, topic, 31);
    expect(replayed.map((m) => m.value).sort()).toEqual(
      [...sent.map((m) => m.value), 'after-commit'].sort(),
    );
    const original = replayed.find((m: Received) => m.value === 'entry-5');
    expect(original).toMatchObject({ key: 'k5', headers: { n: '5' } });

    const producerAfter = kafka.producer();
    await producerAfter.connect();
    const [appended] = await producerAfter.send({
      topic,
      messages: [{ key: 'late', value: 'next' }],
    });
    const before = replayed.filter((m) => m.partition === appended.partition).length;
    expect(Number(appended.baseOffset)).toBe(before);
    await Promise.all([producerAfter.disconnect(), adminAfter.disconnect()]);
  });

  it('keeps a deleted topic deleted after a restart', async () => {
    broker = await startTestBroker({ dataDir });
    const admin = kafkaClient(broker.brokers).admin();
    await admin.connect();
    await admin.createTopics({ topics: [{ topic: 'kept' }, { topic: 'dropped' }] });
    await admin.deleteTopics({ topics: ['dropped'] });
    await admin.disconnect();
    await broker.stop();
    broker = await startTestBroker({ dataDir });
    const adminAfter = kafkaClient(broker.brokers).admin();
    await adminAfter.connect();
    expect((await adminAfter.listTopics()).sort()).toEqual(['kept']);
    await adminAfter.disconnect();
  });
});

function sortByPartition<T extends { partition: number }>(partitions: T[]): T[] {
  return [...partitions].sort((a, b) => a.partition - b.partition);
}
