/**
 * jest globalSetup for TEST_INFRA=containers (chosen in jest.preset.cjs): one PostgreSQL container
 * per jest run, its URL in PG_TEST_URL as the embedded setup gives it, and one Apache Kafka container,
 * its address in KAFKA_TEST_BROKERS, where @platform/service-testing's startTestBroker hands it to the specs.
 * TEST_KAFKA=embedded starts no Kafka container: specs keep a dev broker each. TEST_POSTGRES_IMAGE
 * and TEST_KAFKA_IMAGE choose the images; a PG_TEST_URL or KAFKA_TEST_BROKERS already set names an
 * outside server, and no container is started for it. The teardown stops the containers itself, so the run
 * needs no Ryuk (TESTCONTAINERS_RYUK_DISABLED=true where its image cannot be pulled).
 */
import type { StartedTestContainer } from 'testcontainers';
import {
  DEFAULT_KAFKA_IMAGE,
  DEFAULT_POSTGRES_IMAGE,
  startKafkaContainer,
  startPostgresContainer,
} from './test-containers';

const KAFKA_CHOICES = ['container', 'embedded'];

export default async function startContainers(): Promise<void> {
  const kafka = process.env['TEST_KAFKA'] ?? 'container';
  if (!KAFKA_CHOICES.includes(kafka))
    throw new Error(`TEST_KAFKA must be one of ${KAFKA_CHOICES.join(', ')}, not "${kafka}"`);
  // The containers share this machine's network (test-containers.ts): testcontainers need not look
  // for the engine's bridge gateway, which an engine without a bridge, or run in a container, lacks.
  process.env['TESTCONTAINERS_HOST_OVERRIDE'] ??= '127.0.0.1';
  const started: StartedTestContainer[] = [];
  (globalThis as { __TEST_CONTAINERS__?: StartedTestContainer[] }).__TEST_CONTAINERS__ = started;
  try {
    if (!process.env['PG_TEST_URL']) {
      const postgres = await startPostgresContainer(
        process.env['TEST_POSTGRES_IMAGE'] ?? DEFAULT_POSTGRES_IMAGE,
      );
      started.push(postgres.container);
      process.env['PG_TEST_URL'] = postgres.address;
      process.env['PG_TEST_SERVER'] = 'container';
    }
    if (kafka === 'container' && !process.env['KAFKA_TEST_BROKERS']) {
      const broker = await startKafkaContainer(
        process.env['TEST_KAFKA_IMAGE'] ?? DEFAULT_KAFKA_IMAGE,
      );
      started.push(broker.container);
      process.env['KAFKA_TEST_BROKERS'] = broker.address;
    }
  } catch (error) {
    // jest runs no teardown after a failed setup: nothing may be left running.
    await Promise.all(started.map((container) => container.stop()));
    throw error;
  }
}
