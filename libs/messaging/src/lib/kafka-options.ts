import { Transport } from '@nestjs/microservices';
import type { KafkaOptions } from '@nestjs/microservices';

export interface KafkaConsumerSettings {
  brokers: string[];
  clientId: string;
  /** One consumer group per service and purpose, e.g. `payments.customers`. */
  groupId: string;
}

/**
 * Options for a service's Kafka consumer (a Nest microservice next to its HTTP server): offsets are
 * committed by the handler after its transaction (never automatically), new groups read from the
 * beginning, names are used as given, and a missing broker is retried instead of ending the process.
 */
export function kafkaConsumerOptions(settings: KafkaConsumerSettings): KafkaOptions {
  return {
    transport: Transport.KAFKA,
    options: {
      postfixId: '',
      client: { clientId: settings.clientId, brokers: settings.brokers, retry: { initialRetryTime: 300, maxRetryTime: 5000, retries: 10_000 } },
      // A short long-poll: appends wake it anyway, and shutdown waits for the poll in flight.
      consumer: { groupId: settings.groupId, allowAutoTopicCreation: true, maxWaitTimeInMs: 1000, retry: { initialRetryTime: 300, maxRetryTime: 5000, retries: 10_000 } },
      subscribe: { fromBeginning: true },
      run: { autoCommit: false },
    },
  };
}
