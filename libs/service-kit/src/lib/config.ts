import { plainToInstance, Transform } from 'class-transformer';
import { IsIn, IsInt, IsString, Matches, Max, Min, MinLength, validateSync } from 'class-validator';

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** What every service reads from its environment (12-factor); each service extends it. */
export class ServiceConfig {
  @Transform(({ value }) => (value === undefined ? 3000 : Number(value)))
  @IsInt({ message: 'PORT must be an integer' })
  @Min(0)
  @Max(65535)
  PORT = 3000;

  /**
   * The port of `GET /metrics` (Prometheus), apart from the API's so it is never public; 0 takes any
   * free port (tests, several services on one machine).
   */
  @Transform(({ value }) => (value === undefined ? 9464 : Number(value)))
  @IsInt({ message: 'METRICS_PORT must be an integer' })
  @Min(0)
  @Max(65535)
  METRICS_PORT = 9464;

  @IsString({ message: 'DATABASE_URL is required (postgres://user:password@host:5432/database)' })
  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL!: string;

  @IsString({ message: 'KAFKA_BROKERS is required (host:port[,host:port...])' })
  @Matches(/^[^,\s]+:\d+(,[^,\s]+:\d+)*$/, {
    message: 'KAFKA_BROKERS must be host:port, comma-separated',
  })
  KAFKA_BROKERS!: string;

  @IsString({
    message: 'INTERNAL_TOKEN is required: the shared secret between the gateway and the services',
  })
  @MinLength(32, { message: 'INTERNAL_TOKEN must be at least 32 characters' })
  INTERNAL_TOKEN!: string;

  @IsIn(LOG_LEVELS, { message: `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}` })
  LOG_LEVEL: (typeof LOG_LEVELS)[number] = 'info';

  /**
   * The longest the outbox relay waits after a partial batch so a burst goes out together (see
   * OutboxRelayOptions.maxLingerMs): lower for less latency between a write and its event on Kafka,
   * higher for fewer, larger batches under load. At least 20: writers send at most one NOTIFY per
   * 10 ms and rely on the relay looking again after its linger (see NotifyThrottle).
   */
  @Transform(({ value }) => (value === undefined ? 100 : Number(value)))
  @IsInt({ message: 'OUTBOX_MAX_LINGER_MS must be an integer (milliseconds)' })
  @Min(20, { message: 'OUTBOX_MAX_LINGER_MS must be between 20 and 1000' })
  @Max(1000, { message: 'OUTBOX_MAX_LINGER_MS must be between 20 and 1000' })
  OUTBOX_MAX_LINGER_MS = 100;

  /**
   * How soon the consumer group gives a crashed replica's partitions to another (a clean shutdown
   * leaves the group at once). Apache Kafka accepts 6000 at least (group.min.session.timeout.ms).
   */
  @Transform(({ value }) => (value === undefined ? 10_000 : Number(value)))
  @IsInt({ message: 'KAFKA_SESSION_TIMEOUT_MS must be an integer (milliseconds)' })
  @Min(6000, { message: 'KAFKA_SESSION_TIMEOUT_MS must be between 6000 and 300000' })
  @Max(300_000, { message: 'KAFKA_SESSION_TIMEOUT_MS must be between 6000 and 300000' })
  KAFKA_SESSION_TIMEOUT_MS = 10_000;

  /**
   * After SIGTERM, how long the service keeps answering while it reports not-ready, so the load
   * balancer stops routing to it first (Kubernetes removes a pod's endpoints a few seconds late).
   */
  @Transform(({ value }) => (value === undefined ? 0 : Number(value)))
  @IsInt({ message: 'SHUTDOWN_DRAIN_DELAY_MS must be an integer (milliseconds)' })
  @Min(0, { message: 'SHUTDOWN_DRAIN_DELAY_MS must be between 0 and 60000' })
  @Max(60_000, { message: 'SHUTDOWN_DRAIN_DELAY_MS must be between 0 and 60000' })
  SHUTDOWN_DRAIN_DELAY_MS = 0;

  /** The longest a shutdown may take in all (drain delay included) before the process exits anyway. */
  @Transform(({ value }) => (value === undefined ? 25_000 : Number(value)))
  @IsInt({ message: 'SHUTDOWN_TIMEOUT_MS must be an integer (milliseconds)' })
  @Min(1000, { message: 'SHUTDOWN_TIMEOUT_MS must be between 1000 and 600000' })
  @Max(600_000, { message: 'SHUTDOWN_TIMEOUT_MS must be between 1000 and 600000' })
  SHUTDOWN_TIMEOUT_MS = 25_000;

  /** The longest a client may take to send a request's headers; then 408 and the connection is closed. */
  @Transform(({ value }) => (value === undefined ? 10_000 : Number(value)))
  @IsInt({ message: 'HTTP_HEADERS_TIMEOUT_MS must be an integer (milliseconds)' })
  @Min(1000, { message: 'HTTP_HEADERS_TIMEOUT_MS must be between 1000 and 300000' })
  @Max(300_000, { message: 'HTTP_HEADERS_TIMEOUT_MS must be between 1000 and 300000' })
  HTTP_HEADERS_TIMEOUT_MS = 10_000;

  /**
   * The longest a client may take to send a whole request, body included (a 10 MiB document upload
   * within the default needs about 170 KB/s); then 408 and the connection is closed.
   */
  @Transform(({ value }) => (value === undefined ? 60_000 : Number(value)))
  @IsInt({ message: 'HTTP_REQUEST_TIMEOUT_MS must be an integer (milliseconds)' })
  @Min(1000, { message: 'HTTP_REQUEST_TIMEOUT_MS must be between 1000 and 3600000' })
  @Max(3_600_000, { message: 'HTTP_REQUEST_TIMEOUT_MS must be between 1000 and 3600000' })
  HTTP_REQUEST_TIMEOUT_MS = 60_000;

  /**
   * How long an idle keep-alive connection is kept open. Longer than the gateway's own pools keep
   * theirs to the services (60 s), so a service never closes a connection the gateway is about to reuse.
   */
  @Transform(({ value }) => (value === undefined ? 72_000 : Number(value)))
  @IsInt({ message: 'HTTP_KEEP_ALIVE_TIMEOUT_MS must be an integer (milliseconds)' })
  @Min(1000, { message: 'HTTP_KEEP_ALIVE_TIMEOUT_MS must be between 1000 and 600000' })
  @Max(600_000, { message: 'HTTP_KEEP_ALIVE_TIMEOUT_MS must be between 1000 and 600000' })
  HTTP_KEEP_ALIVE_TIMEOUT_MS = 72_000;

  get kafkaBrokers(): string[] {
    return this.KAFKA_BROKERS.split(',');
  }
}

/** Reads and checks the environment; every problem is listed in one ConfigError. */
export function loadConfig<T extends object>(
  schema: new () => T,
  env: NodeJS.ProcessEnv = process.env,
): T {
  const defaults = new schema() as Record<string, unknown>;
  const present = Object.fromEntries(
    Object.keys({ ...defaults, ...env })
      .filter((key) => env[key] !== undefined && env[key] !== '')
      .map((key) => [key, env[key]]),
  );
  const config = plainToInstance(schema, present, { exposeDefaultValues: true });
  const errors = validateSync(config, { whitelist: false, forbidUnknownValues: false });
  if (errors.length > 0) {
    // The last constraint is the top-most one declared (decorators run bottom-up): the presence or type check.
    const problems = errors.map(
      (error) => Object.values(error.constraints ?? {}).at(-1) ?? `${error.property} is invalid`,
    );
    throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
  return config;
}
