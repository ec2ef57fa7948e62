/**
 * The containers of TEST_INFRA=containers: PostgreSQL through @testcontainers/postgresql and Apache
 * Kafka (KRaft, one node) through testcontainers. Both run on the host's network and listen on
 * 127.0.0.1 at a free port: no bridge network or port mapping is needed, nothing outside the
 * machine can reach them, and an engine started without a bridge (`dockerd --bridge=none`) runs them.
 */
import { PostgreSqlContainer } from '@testcontainers/postgresql';
import { GenericContainer, Wait } from 'testcontainers';
import type { StartedTestContainer } from 'testcontainers';
import {
  TEST_POSTGRES_FLAGS,
  TEST_POSTGRES_PASSWORD,
  TEST_POSTGRES_USER,
  freePort,
  testServerUrl,
} from './test-server';

export const DEFAULT_POSTGRES_IMAGE = 'postgres:18';
export const DEFAULT_KAFKA_IMAGE = 'apache/kafka:4.1.0';

export interface RunningContainer {
  container: StartedTestContainer;
  /** PG_TEST_URL for PostgreSQL, KAFKA_TEST_BROKERS for Kafka. */
  address: string;
}

/**
 * PostgreSQL of `image` (the official image, or one with its contract: POSTGRES_* and PGPORT in the
 * environment, `postgres …` as the command), its superuser as the embedded cluster's.
 */
export async function startPostgresContainer(image: string): Promise<RunningContainer> {
  const port = await freePort();
  const container = await withImageHint(
    image,
    new PostgreSqlOnHostNetwork(image)
      .withUsername(TEST_POSTGRES_USER)
      .withPassword(TEST_POSTGRES_PASSWORD)
      .withDatabase(TEST_POSTGRES_USER)
      // PGPORT moves both the server and the image's health check (pg_isready) to the free port.
      .withEnvironment({ PGPORT: String(port) })
      .withCommand(['postgres', '-c', 'listen_addresses=127.0.0.1', ...TEST_POSTGRES_FLAGS])
      .start(),
  );
  return { container, address: testServerUrl(port) };
}

/**
 * The module's container without the port 5432 it publishes: a container on the host's network has
 * no published ports, and start() would wait for that one's binding until it gave up.
 */
class PostgreSqlOnHostNetwork extends PostgreSqlContainer {
  constructor(image: string) {
    super(image);
    this.exposedPorts = [];
    this.createOpts.ExposedPorts = {};
    this.hostConfig.PortBindings = {};
    this.withNetworkMode('host');
  }
}

/**
 * Apache Kafka of `image` (apache/kafka, configured through its KAFKA_* environment) as one
 * broker-and-controller node. @testcontainers/kafka 11's KafkaContainer drives only Confluent's
 * cp-kafka images (it starts /etc/confluent/docker/run), so the official image is set up here.
 */
export async function startKafkaContainer(image: string): Promise<RunningContainer> {
  const [port, controllerPort] = [await freePort(), await freePort()];
  const container = await withImageHint(
    image,
    new GenericContainer(image)
      .withNetworkMode('host')
      .withEnvironment({
        KAFKA_NODE_ID: '1',
        KAFKA_PROCESS_ROLES: 'broker,controller',
        KAFKA_LISTENERS: `PLAINTEXT://127.0.0.1:${port},CONTROLLER://127.0.0.1:${controllerPort}`,
        KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://127.0.0.1:${port}`,
        KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
        KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
        KAFKA_CONTROLLER_QUORUM_VOTERS: `1@127.0.0.1:${controllerPort}`,
        KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
        KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
        KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
        // A consumer group of a test starts at once instead of waiting for more members.
        KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
      })
      .withWaitStrategy(Wait.forLogMessage(/Kafka Server started/))
      .withStartupTimeout(120_000)
      .start(),
  );
  return { container, address: `127.0.0.1:${port}` };
}

/** A container that did not start says which image, and what to do when it is not there. */
async function withImageHint<T>(image: string, starting: Promise<T>): Promise<T> {
  try {
    return await starting;
  } catch (error) {
    throw new Error(
      `the ${image} container did not start: ${String(error)}\n` +
        `The image must be present or pullable (docker pull ${image}); choose another with ` +
        'TEST_POSTGRES_IMAGE / TEST_KAFKA_IMAGE, or keep the embedded broker with TEST_KAFKA=embedded ' +
        '(CONTRIBUTING.md: "Tests against containers").',
      { cause: error },
    );
  }
}
