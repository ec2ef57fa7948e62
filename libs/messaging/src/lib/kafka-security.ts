import type { KafkaConfig } from 'kafkajs';

/**
 * How a client proves itself to the cluster, as managed Kafka asks: TLS (with the CA to trust and,
 * for mutual TLS, a client certificate) and SASL (PLAIN or SCRAM). Given to every producer,
 * consumer and admin client a service makes, so none of them connects differently.
 */
export type KafkaSecurity = Pick<KafkaConfig, 'ssl' | 'sasl'>;
