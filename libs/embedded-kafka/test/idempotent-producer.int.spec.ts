import type { RunningBroker } from '../src';
import { ApiKey } from '../src/lib/protocol/api-keys';
import { KafkaProxy } from './support/kafka-proxy';
import {
  consumeAtLeast,
  kafkaClient,
  quickConsumer,
  startTestBroker,
  startedConsumer,
  stopStartedConsumers,
  uniqueName,
} from './support/kafka-test-kit';

/**
 * The proxy swallows the broker's answer to one Produce request. kafkajs times out and sends the same
 * batch again: an idempotent producer's retry must not be appended twice.
 */
describe('a producer whose answer is lost', () => {
  let proxy: KafkaProxy;
  let broker: RunningBroker;

  beforeAll(async () => {
    proxy = await KafkaProxy.start();
    broker = await startTestBroker({ advertisedPort: proxy.port });
    proxy.targetPort = broker.port;
  });

  afterEach(() => stopStartedConsumers());

  afterAll(async () => {
    await broker.stop();
    await proxy.close();
  });

  async function sendWithLostAnswer(idempotent: boolean): Promise<string[]> {
    const topic = uniqueName('payments');
    const kafka = kafkaClient(broker.brokers, 'producer', { requestTimeout: 1000 });
    const producer = kafka.producer({
      idempotent,
      maxInFlightRequests: 1,
      retry: { retries: 5, initialRetryTime: 100 },
    });
    await producer.connect();
    await producer.send({ topic, acks: -1, messages: [{ value: 'warm-up' }] });
    const producesBefore = proxy.count(ApiKey.Produce);
    proxy.dropResponses(ApiKey.Produce, 1);
    await producer.send({ topic, acks: -1, messages: [{ value: 'charge-once' }] });
    expect(proxy.count(ApiKey.Produce) - producesBefore).toBe(2); // sent, answer lost, sent again
    await producer.disconnect();
    const consumer = startedConsumer(kafka, quickConsumer(uniqueName('audit')));
    await consumer.connect();
    const received = await consumeAtLeast(consumer, topic, 2);
    await new Promise((resolve) => setTimeout(resolve, 500)); // a duplicate would arrive within this
    return received.map((m) => String(m.value));
  }

  it('appends the retried batch once when the producer is idempotent', async () => {
    expect(await sendWithLostAnswer(true)).toEqual(['warm-up', 'charge-once']);
  });

  it('appends it twice when the producer is not (what the idempotent case protects against)', async () => {
    expect(await sendWithLostAnswer(false)).toEqual(['warm-up', 'charge-once', 'charge-once']);
  });
});
