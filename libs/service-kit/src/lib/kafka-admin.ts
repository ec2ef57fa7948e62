import { Kafka, logLevel } from 'kafkajs';
import type { Admin } from 'kafkajs';
import type { ServiceConfig } from './config';

export interface KafkaAdminOptions {
  /** Appended to the client id (`<client id>-<role>`), so the brokers' logs tell the uses apart. */
  role?: string;
  connectionTimeout?: number;
  retries?: number;
}

/**
 * An admin client connected the way every client of the service connects (brokers, TLS, SASL,
 * client id): for the health check and for the topic checks and provisioning.
 */
export function kafkaAdmin(
  config: ServiceConfig,
  service: string,
  { role = 'admin', connectionTimeout = 3000, retries = 2 }: KafkaAdminOptions = {},
): Admin {
  return new Kafka({
    clientId: `${config.kafkaClientId(service)}-${role}`,
    brokers: config.kafkaBrokers,
    ...config.kafkaSecurity,
    logLevel: logLevel.NOTHING,
    connectionTimeout,
    retry: { retries },
  }).admin();
}
