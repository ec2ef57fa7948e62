import { Topics } from './topics';
import type { Topic } from './topics';

export type TopicProducer = 'gateway' | 'billing' | 'payments' | 'settlements' | 'webhooks';

/** What the cluster must hold for a topic: provisioned from here, never left to auto-creation. */
export interface TopicDeclaration {
  name: Topic;
  /** The one service whose outbox relay publishes it (consumers are whoever subscribes). */
  producer: TopicProducer;
  partitions: number;
  replicationFactor: number;
  /** Topic-level configs, as Kafka names them. */
  config: {
    'cleanup.policy': 'delete' | 'compact';
    'retention.ms': string;
    'min.insync.replicas': string;
  };
}

const WEEK_MS = String(7 * 24 * 3600 * 1000);

/**
 * Six partitions: room for six consumer replicas per group, while each entity's events stay in order
 * (keys are entity ids). Three replicas with two in sync: a broker may go without losing an
 * acknowledged event (the relay produces with acks=all). A week of retention: consumers that were
 * away for days catch up; the services' own stores keep everything for good.
 */
const DEFAULTS = {
  partitions: 6,
  replicationFactor: 3,
  config: { 'cleanup.policy': 'delete', 'retention.ms': WEEK_MS, 'min.insync.replicas': '2' },
} as const;

const declare = (name: Topic, producer: TopicProducer): TopicDeclaration => ({
  name,
  producer,
  ...DEFAULTS,
  config: { ...DEFAULTS.config },
});

/** Every topic of the platform, once: `provision-topics`, the Strimzi KafkaTopics and the checks at start read this. */
export const TOPIC_DECLARATIONS: readonly TopicDeclaration[] = [
  declare(Topics.billingCustomer, 'billing'),
  declare(Topics.billingInvoice, 'billing'),
  declare(Topics.billingSubscription, 'billing'),
  declare(Topics.gatewayTestClock, 'gateway'),
  declare(Topics.paymentsOrder, 'payments'),
  declare(Topics.paymentsPayment, 'payments'),
  declare(Topics.paymentsRefund, 'payments'),
  declare(Topics.paymentsQrCode, 'payments'),
  declare(Topics.paymentsDispute, 'payments'),
  declare(Topics.paymentsPaymentLink, 'payments'),
  declare(Topics.settlementsSettlement, 'settlements'),
];
