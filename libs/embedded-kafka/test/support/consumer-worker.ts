/* A consumer process for ConsumerProcess: reports assignments and messages to its parent over IPC. */
import { quickConsumer, kafkaClient, toReceived } from './kafka-test-kit';

async function main(): Promise<void> {
  const { brokers, topic, groupId } = JSON.parse(process.argv[2]) as {
    brokers: string[];
    topic: string;
    groupId: string;
  };
  const consumer = kafkaClient(brokers, 'worker').consumer(quickConsumer(groupId));
  consumer.on(consumer.events.GROUP_JOIN, ({ payload }) => {
    process.send?.({ type: 'assignment', partitions: payload.memberAssignment[topic] ?? [] });
  });
  await consumer.connect();
  await consumer.subscribe({ topic, fromBeginning: true });
  await consumer.run({
    autoCommitThreshold: 1,
    eachMessage: async (payload) =>
      void process.send?.({ type: 'message', message: toReceived(payload) }),
  });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
