/**
 * What the harness reads of Kafka: topics' ends, how far each service's consumer group has come, and
 * every message from the beginning (to find each acknowledged write's event).
 */
import { Kafka, logLevel } from 'kafkajs';
import type { Admin } from 'kafkajs';

/** topic → partition → offset */
export type Offsets = Map<string, Map<number, number>>;

export interface KafkaView {
  /** The end of every topic but the harness' own. */
  ends(): Promise<Offsets>;
  /** Whether `group` has committed, on every topic it consumes, at least up to `marks`. */
  caughtUp(group: string, marks: Offsets): Promise<boolean>;
  groups(): Promise<string[]>;
  /** The group's members now (their ids change when a consumer restarts). */
  members(group: string): Promise<string[]>;
  /** The client id of each of the group's members (a replica's label, with several replicas). */
  clients(group: string): Promise<string[]>;
  close(): Promise<void>;
}

export function kafkaView(brokers: string): KafkaView {
  const kafka = new Kafka({
    clientId: 'chaos',
    brokers: [brokers],
    logLevel: logLevel.NOTHING,
    retry: { retries: 0 },
    connectionTimeout: 1000,
    requestTimeout: 3000,
  });
  let admin: Admin | null = null;
  /** A topic belongs to a group once the group has committed an offset on it (kept across a broker's restart). */
  const consumed = new Map<string, Set<string>>();
  // The broker may be down: every call starts from a fresh connection after a failure.
  const withAdmin = async <T>(use: (admin: Admin) => Promise<T>): Promise<T> => {
    try {
      if (!admin) {
        admin = kafka.admin();
        await admin.connect();
      }
      return await use(admin);
    } catch (error) {
      await admin?.disconnect().catch(() => undefined);
      admin = null;
      throw error;
    }
  };
  const ends = () =>
    withAdmin(async (client) => {
      const topics = (await client.listTopics()).filter((topic) => !topic.startsWith('__'));
      const result: Offsets = new Map();
      for (const topic of topics)
        result.set(
          topic,
          new Map(
            (await client.fetchTopicOffsets(topic)).map((p) => [p.partition, Number(p.high)]),
          ),
        );
      return result;
    });
  return {
    ends,
    caughtUp: (group, marks) =>
      withAdmin(async (client) => {
        const committed = await client.fetchOffsets({ groupId: group, topics: [...marks.keys()] });
        const topics = consumed.get(group) ?? new Set<string>();
        consumed.set(group, topics);
        for (const { topic, partitions } of committed)
          if (partitions.some((p) => Number(p.offset) >= 0)) topics.add(topic);
        return committed
          .filter(({ topic }) => topics.has(topic))
          .every(({ topic, partitions }) =>
            partitions.every(
              (p) => Math.max(0, Number(p.offset)) >= (marks.get(topic)?.get(p.partition) ?? 0),
            ),
          );
      }),
    groups: () =>
      withAdmin(async (client) => (await client.listGroups()).groups.map((g) => g.groupId)),
    members: (group) =>
      withAdmin(async (client) =>
        (await client.describeGroups([group])).groups.flatMap((g) =>
          g.members.map((m) => m.memberId),
        ),
      ),
    clients: (group) =>
      withAdmin(async (client) =>
        (await client.describeGroups([group])).groups.flatMap((g) =>
          g.members.map((m) => m.clientId),
        ),
      ),
    close: async () => void (await admin?.disconnect().catch(() => undefined)),
  };
}

export interface ScannedEvent {
  topic: string;
  type: string;
  streamId: string;
  eventId: string;
}

/** Every message of every topic, from the beginning up to the ends seen when the scan starts. */
export async function scanAllEvents(
  brokers: string,
  ends: Offsets,
  timeoutMs = 120_000,
): Promise<ScannedEvent[]> {
  const kafka = new Kafka({
    clientId: 'chaos-scan',
    brokers: [brokers],
    logLevel: logLevel.NOTHING,
  });
  const consumer = kafka.consumer({ groupId: `chaos-scan-${Date.now()}`, maxWaitTimeInMs: 200 });
  const remaining = new Map<string, number>();
  for (const [topic, partitions] of ends)
    for (const [partition, end] of partitions)
      if (end > 0) remaining.set(`${topic}/${partition}`, end);
  const events: ScannedEvent[] = [];
  if (remaining.size === 0) return events;
  await consumer.connect();
  try {
    await consumer.subscribe({ topics: [...ends.keys()], fromBeginning: true });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          reject(
            new Error(
              `the scan did not reach the end of ${[...remaining.keys()].join(', ')} within ${timeoutMs / 1000} s`,
            ),
          ),
        timeoutMs,
      );
      void consumer.run({
        eachMessage: async ({ topic, partition, message }) => {
          const envelope = parse(message.value?.toString() ?? '');
          events.push({
            topic,
            type: String(envelope?.['type'] ?? ''),
            streamId: String(envelope?.['stream_id'] ?? message.key?.toString() ?? ''),
            eventId: String(envelope?.['id'] ?? ''),
          });
          const key = `${topic}/${partition}`;
          if (remaining.has(key) && Number(message.offset) + 1 >= (remaining.get(key) ?? 0))
            remaining.delete(key);
          if (remaining.size === 0) {
            clearTimeout(timer);
            resolve();
          }
        },
      });
    });
  } finally {
    await consumer.disconnect();
  }
  return events;
}

function parse(text: string): Record<string, unknown> | null {
  try {
    return JSON.parse(text) as Record<string, unknown>;
  } catch {
    return null;
  }
}
