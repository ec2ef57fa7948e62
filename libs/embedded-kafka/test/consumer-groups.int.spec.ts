import type { Admin, Consumer, Kafka, Producer } from 'kafkajs';
import type { RunningBroker } from '../src';
import { ConsumerProcess } from './support/consumer-process';
import type { Received } from './support/kafka-test-kit';
import type { BrokerWithClients } from './support/kafka-test-kit';
import {
  quickConsumer,
  startBrokerWithClients,
  startedConsumer,
  stopStartedConsumers,
  toReceived,
  uniqueName,
  waitFor,
} from './support/kafka-test-kit';

const PARTITIONS = 6;

interface InProcessMember {
  consumer: Consumer;
  received: Received[];
  assignment: number[];
}

describe('consumer groups with kafkajs', () => {
  let broker: RunningBroker;
  let kafka: Kafka;
  let admin: Admin;
  let producer: Producer;
  let clients: BrokerWithClients;

  beforeAll(async () => {
    ({ broker, kafka, admin, producer } = clients = await startBrokerWithClients());
  });

  afterEach(() => stopStartedConsumers());

  afterAll(() => clients.stop());

  async function member(topic: string, groupId: string): Promise<InProcessMember> {
    const consumer = startedConsumer(kafka, quickConsumer(groupId));
    const state: InProcessMember = { consumer, received: [], assignment: [] };
    consumer.on(
      consumer.events.GROUP_JOIN,
      ({ payload }) => (state.assignment = payload.memberAssignment[topic] ?? []),
    );
    await consumer.connect();
    await consumer.subscribe({ topic, fromBeginning: true });
    await consumer.run({
      autoCommitThreshold: 1,
      eachMessage: async (payload) => void state.received.push(toReceived(payload)),
    });
    return state;
  }

  /** One message per partition and round, so every partition always has fresh data. */
  async function produceRound(topic: string, round: number): Promise<void> {
    const messages = Array.from({ length: PARTITIONS * 3 }, (_, i) => ({
      partition: i % PARTITIONS,
      value: `r${round}-${i}`,
    }));
    await producer.send({ topic, acks: -1, messages });
  }

  async function committedOffsets(topic: string, groupId: string): Promise<number[]> {
    const [{ partitions }] = await admin.fetchOffsets({ groupId, topics: [topic] });
    return partitions.sort((a, b) => a.partition - b.partition).map((p) => Number(p.offset));
  }

  async function highWatermarks(topic: string): Promise<number[]> {
    return (await admin.fetchTopicOffsets(topic))
      .sort((a, b) => a.partition - b.partition)
      .map((p) => Number(p.high));
  }

  async function waitUntilAllCommitted(topic: string, groupId: string): Promise<number[]> {
    const high = await highWatermarks(topic);
    return waitFor(async () => {
      const committed = await committedOffsets(topic, groupId);
      return committed.every((offset, p) => offset === high[p]) ? committed : null;
    }, 'the group to commit every partition up to its high watermark');
  }

  it('shares 6 partitions among 3 members and hands them over, without loss, when one leaves and one is killed', async () => {
    const topic = uniqueName('shared');
    const groupId = uniqueName('workers');
    await admin.createTopics({ topics: [{ topic, numPartitions: PARTITIONS }] });
    const a = await member(topic, groupId);
    const b = await member(topic, groupId);
    const c = new ConsumerProcess({ brokers: broker.brokers, topic, groupId });
    await waitFor(
      () => a.assignment.length === 2 && b.assignment.length === 2 && c.assignment.length === 2,
      'a 2/2/2 assignment',
    );
    expect([...a.assignment, ...b.assignment, ...c.assignment].sort()).toEqual([0, 1, 2, 3, 4, 5]);

    await produceRound(topic, 1);
    await waitUntilAllCommitted(topic, groupId);

    // b leaves cleanly: a and c take over its partitions at once and start at its committed offsets.
    const leftPartitions = b.assignment;
    const committedWhenLeft = await committedOffsets(topic, groupId);
    await b.consumer.disconnect();
    await waitFor(
      () => a.assignment.length + c.assignment.length === PARTITIONS && a.assignment.length === 3,
      'a and c to own all 6',
    );
    await produceRound(topic, 2);
    await waitUntilAllCommitted(topic, groupId);
    for (const partition of leftPartitions) {
      const takenOver = [...a.received, ...c.received].filter(
        (m) => m.partition === partition && m.offset >= committedWhenLeft[partition],
      );
      expect(Math.min(...takenOver.map((m) => m.offset))).toBe(committedWhenLeft[partition]);
    }

    // c is killed without leaving: after its session timeout, a owns everything.
    const killedPartitions = c.assignment;
    const committedWhenKilled = await committedOffsets(topic, groupId);
    await c.kill();
    await waitFor(
      () => a.assignment.length === PARTITIONS,
      'a to own all 6 after the session timeout',
    );
    await produceRound(topic, 3);
    await waitUntilAllCommitted(topic, groupId);
    for (const partition of killedPartitions) {
      const takenOver = a.received.filter(
        (m) => m.partition === partition && m.offset >= committedWhenKilled[partition],
      );
      expect(Math.min(...takenOver.map((m) => m.offset))).toBe(committedWhenKilled[partition]);
    }

    // Every message of the three rounds was delivered exactly once across the members.
    const all = [...a.received, ...b.received, ...c.received].map(
      (m) => `${m.partition}@${m.offset}`,
    );
    const high = await highWatermarks(topic);
    expect(all.sort()).toEqual(
      high.flatMap((end, p) => Array.from({ length: end }, (_, o) => `${p}@${o}`)).sort(),
    );
    await a.consumer.disconnect();
  });

  it('resumes a restarted consumer after its last committed offset', async () => {
    const topic = uniqueName('resume');
    const groupId = uniqueName('resumer');
    await producer.send({
      topic,
      messages: Array.from({ length: 5 }, (_, i) => ({ value: `first-${i}` })),
    });
    const first = await member(topic, groupId);
    await waitFor(() => first.received.length === 5, 'the first five');
    await waitUntilAllCommitted(topic, groupId);
    await first.consumer.disconnect();

    await producer.send({
      topic,
      messages: Array.from({ length: 3 }, (_, i) => ({ value: `second-${i}` })),
    });
    const restarted = await member(topic, groupId);
    await waitFor(() => restarted.received.length === 3, 'the three new ones');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await restarted.consumer.disconnect();
    expect(restarted.received.map((m) => [m.offset, m.value])).toEqual([
      [5, 'second-0'],
      [6, 'second-1'],
      [7, 'second-2'],
    ]);
  });

  it('reads from the start with fromBeginning and only new messages without it', async () => {
    const topic = uniqueName('start');
    await producer.send({ topic, messages: [{ value: 'old-1' }, { value: 'old-2' }] });
    const fromStart = await member(topic, uniqueName('from-start'));
    const latest = startedConsumer(kafka, quickConsumer(uniqueName('latest')));
    const latestReceived: Received[] = [];
    let joined = false;
    latest.on(latest.events.GROUP_JOIN, () => (joined = true));
    await latest.connect();
    await latest.subscribe({ topic, fromBeginning: false });
    await latest.run({
      eachMessage: async (payload) => void latestReceived.push(toReceived(payload)),
    });
    await waitFor(() => joined, 'the latest consumer to join');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await producer.send({ topic, messages: [{ value: 'new' }] });
    await waitFor(
      () => fromStart.received.length === 3 && latestReceived.length === 1,
      'both consumers',
    );
    expect(fromStart.received.map((m) => m.value)).toEqual(['old-1', 'old-2', 'new']);
    expect(latestReceived.map((m) => m.value)).toEqual(['new']);
    await Promise.all([fromStart.consumer.disconnect(), latest.disconnect()]);
  });

  it('describes, lists and deletes groups through the admin client', async () => {
    const topic = uniqueName('admin');
    const groupId = uniqueName('described');
    await producer.send({ topic, messages: [{ value: 'v' }] });
    const only = await member(topic, groupId);
    await waitFor(() => only.received.length === 1, 'the message');
    const { groups } = await admin.describeGroups([groupId]);
    expect(groups[0]).toMatchObject({
      groupId,
      state: 'Stable',
      protocolType: 'consumer',
      protocol: 'RoundRobinAssigner',
    });
    expect(groups[0].members).toHaveLength(1);
    expect((await admin.listGroups()).groups).toContainEqual({ groupId, protocolType: 'consumer' });
    await expect(admin.deleteGroups([groupId])).rejects.toThrow();
    await only.consumer.disconnect();
    await admin.deleteGroups([groupId]);
    expect((await admin.describeGroups([groupId])).groups[0].state).toBe('Dead');
  });
});
