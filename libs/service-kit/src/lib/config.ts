import { accessSync, constants, readFileSync } from 'node:fs';
import type { KafkaSecurity } from '@platform/messaging';
import { plainToInstance, Transform } from 'class-transformer';
import {
  IsBoolean,
  IsEmail,
  IsIn,
  IsInt,
  IsIP,
  IsOptional,
  IsString,
  IsUrl,
  Matches,
  Max,
  Min,
  MinLength,
  validateSync,
} from 'class-validator';

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
const SASL_MECHANISMS = ['plain', 'scram-sha-256', 'scram-sha-512'] as const;

const toBoolean = ({ value }: { value: unknown }) =>
  value === undefined ? false : value === 'true' ? true : value === 'false' ? false : value;

/** What every service reads from its environment (12-factor); each service extends it. */
/**
 * A whole-number setting from `min` to `max`, `fallback` when unset; its refusals name it
 * ("… must be an integer", with its unit if it has one; "… must be between min and max").
 */
function IntegerSetting(
  fallback: number,
  { min, max, unit }: { min: number; max: number; unit?: string },
): PropertyDecorator {
  return (target, key) => {
    const name = String(key);
    const range = `${name} must be between ${min} and ${max}`;
    // In the order stacked decorators apply (the bottom one first), so refusals keep their order.
    Max(max, { message: range })(target, name);
    Min(min, { message: range })(target, name);
    IsInt({ message: `${name} must be an integer${unit ? ` (${unit})` : ''}` })(target, name);
    Transform(({ value }) => (value === undefined ? fallback : Number(value)))(target, name);
  };
}

/** A setting in whole milliseconds (see IntegerSetting). */
const MillisecondsSetting = (fallback: number, range: { min: number; max: number }) =>
  IntegerSetting(fallback, { ...range, unit: 'milliseconds' });

/**
 * A setting holding an http(s) URL, a host without a TLD (`http://billing:3000`) included; its
 * refusal names it and shows `example`.
 */
export function HttpUrlSetting(example: string): PropertyDecorator {
  return (target, key) =>
    IsUrl(
      { require_tld: false, protocols: ['http', 'https'] },
      { message: `${String(key)} must be a URL, e.g. ${example}` },
    )(target, key);
}

/** Where a service's e-mails go out, if anywhere: an smtp:// or smtps:// URL, credentials in it. */
export function SmtpUrlSetting(): PropertyDecorator {
  return (target, key) => {
    const name = String(key);
    IsUrl(
      { require_tld: false, protocols: ['smtp', 'smtps'] },
      {
        message: `${name} must be an smtp:// or smtps:// URL, e.g. smtp://user:pass@mail.example.com:587`,
      },
    )(target, name);
    IsOptional()(target, name);
  };
}

/** A setting holding an e-mail address (a host without a TLD, `billing@localhost`, included). */
export function EmailSetting(example: string): PropertyDecorator {
  return (target, key) =>
    IsEmail(
      { require_tld: false },
      { message: `${String(key)} must be an e-mail address, e.g. ${example}` },
    )(target, key);
}

/**
 * A setting holding the key secrets are sealed under at rest (sealSecret): 32 random bytes in base64.
 * Required; its refusal names it and says how to make one.
 */
export function SecretKeySetting(): PropertyDecorator {
  return (target, key) =>
    Matches(/^[A-Za-z0-9+/_-]{43}=?$/, {
      message: `${String(key)} must be 32 bytes in base64 (e.g. \`openssl rand -base64 32\`)`,
    })(target, key);
}

/** The 32 bytes of a SecretKeySetting's value. */
export const secretKeyBytes = (value: string): Buffer => Buffer.from(value, 'base64');

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

  /**
   * The address the API and metrics ports listen on: 127.0.0.1, this machine only, unless widened
   * (`0.0.0.0` or `::` for every interface, as the container image and the Kubernetes manifests set
   * it; `npm start` passes its own LISTEN_HOST on).
   */
  @Transform(({ value }) => (value === undefined || value === '' ? '127.0.0.1' : String(value)))
  @IsIP(undefined, { message: 'LISTEN_HOST must be an IP address (127.0.0.1, 0.0.0.0, ::)' })
  LISTEN_HOST = '127.0.0.1';

  @IsString({ message: 'DATABASE_URL is required (postgres://user:password@host:5432/database)' })
  @Matches(/^postgres(ql)?:\/\//, { message: 'DATABASE_URL must be a postgres:// URL' })
  DATABASE_URL!: string;

  @IsString({ message: 'KAFKA_BROKERS is required (host:port[,host:port...])' })
  @Matches(/^[^,\s]+:\d+(,[^,\s]+:\d+)*$/, {
    message: 'KAFKA_BROKERS must be host:port, comma-separated',
  })
  KAFKA_BROKERS!: string;

  /**
   * OpenTelemetry: the OTLP/HTTP collector traces are sent to (e.g. http://otel-collector:4318).
   * Unset, tracing is off and costs nothing.
   */
  @IsOptional()
  @Matches(/^https?:\/\/[^\s]+$/, {
    message: 'OTEL_EXPORTER_OTLP_ENDPOINT must be an http(s) URL',
  })
  OTEL_EXPORTER_OTLP_ENDPOINT?: string;

  /** The Kafka client id (brokers log it, quotas and ACLs may use it); default the service's name. */
  @IsOptional()
  @Matches(/^[A-Za-z0-9._-]{1,100}$/, {
    message: 'KAFKA_CLIENT_ID must be 1-100 letters, digits, dots, underscores or hyphens',
  })
  KAFKA_CLIENT_ID?: string;

  /** Connect to Kafka over TLS (managed clusters: Confluent Cloud, MSK, Aiven, Strimzi's TLS listener). */
  @Transform(toBoolean)
  @IsBoolean({ message: 'KAFKA_SSL must be true or false' })
  KAFKA_SSL = false;

  /**
   * Whether the cluster may create a topic on first use. Production clusters usually may not: set
   * false, provision the topics (`provision-topics`), and the service refuses to start while one it
   * publishes or reads is missing.
   */
  @Transform(({ value }) => (value === undefined ? true : toBoolean({ value })))
  @IsBoolean({ message: 'KAFKA_AUTO_CREATE_TOPICS must be true or false' })
  KAFKA_AUTO_CREATE_TOPICS = true;

  /** PEM file of the CA that signed the brokers' certificates (default: the system's trusted CAs). */
  @IsOptional()
  @IsString()
  KAFKA_SSL_CA_FILE?: string;

  /** PEM files of the client's certificate and key, for clusters that ask for mutual TLS. */
  @IsOptional()
  @IsString()
  KAFKA_SSL_CERT_FILE?: string;

  @IsOptional()
  @IsString()
  KAFKA_SSL_KEY_FILE?: string;

  @IsOptional()
  @IsIn(SASL_MECHANISMS, {
    message: `KAFKA_SASL_MECHANISM must be one of ${SASL_MECHANISMS.join(', ')}`,
  })
  KAFKA_SASL_MECHANISM?: (typeof SASL_MECHANISMS)[number];

  @IsOptional()
  @IsString()
  KAFKA_SASL_USERNAME?: string;

  @IsOptional()
  @IsString()
  KAFKA_SASL_PASSWORD?: string;

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
  @MillisecondsSetting(100, { min: 20, max: 1000 })
  OUTBOX_MAX_LINGER_MS = 100;

  /**
   * How soon the consumer group gives a crashed replica's partitions to another (a clean shutdown
   * leaves the group at once). 6 s is the least Apache Kafka accepts (group.min.session.timeout.ms)
   * and five missed heartbeats (the consumer sends one every second, and one after each chunk it
   * applies); with the rebalance after it, it keeps a replica's takeover within 10 s, which 10 s
   * itself did not. The risk: a replica whose event loop is blocked, or whose one chunk takes,
   * longer than this loses its partitions to a rebalance and rejoins; what it had not committed is
   * consumed again and the inbox absorbs it, so that is a delay, never a loss.
   */
  @MillisecondsSetting(6000, { min: 6000, max: 300_000 })
  KAFKA_SESSION_TIMEOUT_MS = 6000;

  /**
   * How many of its partitions a replica's consumer handles at once (order within a partition is
   * kept): the batches of one fetch go in one joint transaction, and only if that fails each in its
   * own, which then takes one of the service's ten database connections. One at a time, an event
   * waited for the transactions of every partition fetched before it (see Benchmarks, settlements).
   */
  @IntegerSetting(6, { min: 1, max: 32 })
  KAFKA_CONSUMER_CONCURRENCY = 6;

  /**
   * After SIGTERM, how long the service keeps answering while it reports not-ready, so the load
   * balancer stops routing to it first (Kubernetes removes a pod's endpoints a few seconds late).
   */
  @MillisecondsSetting(0, { min: 0, max: 60_000 })
  SHUTDOWN_DRAIN_DELAY_MS = 0;

  /** The longest a shutdown may take in all (drain delay included) before the process exits anyway. */
  @MillisecondsSetting(25_000, { min: 1000, max: 600_000 })
  SHUTDOWN_TIMEOUT_MS = 25_000;

  /** The longest a client may take to send a request's headers; then 408 and the connection is closed. */
  @MillisecondsSetting(10_000, { min: 1000, max: 300_000 })
  HTTP_HEADERS_TIMEOUT_MS = 10_000;

  /**
   * The longest a client may take to send a whole request, body included (a 10 MiB document upload
   * within the default needs about 170 KB/s); then 408 and the connection is closed.
   */
  @MillisecondsSetting(60_000, { min: 1000, max: 3_600_000 })
  HTTP_REQUEST_TIMEOUT_MS = 60_000;

  /**
   * How long an idle keep-alive connection is kept open. Longer than the gateway's own pools keep
   * theirs to the services (60 s), so a service never closes a connection the gateway is about to reuse.
   */
  @MillisecondsSetting(72_000, { min: 1000, max: 600_000 })
  HTTP_KEEP_ALIVE_TIMEOUT_MS = 72_000;

  get kafkaBrokers(): string[] {
    return this.KAFKA_BROKERS.split(',');
  }

  kafkaClientId(service: string): string {
    return this.KAFKA_CLIENT_ID ?? service;
  }

  private security?: KafkaSecurity;

  /** TLS and SASL for every Kafka client of the service (files read once, at start). */
  get kafkaSecurity(): KafkaSecurity {
    this.security ??= kafkaSecurityOf(this);
    return this.security;
  }

  /** What single-field checks cannot see: settings that need each other, files that must be readable. */
  problems(): string[] {
    const problems: string[] = [];
    const sasl = [this.KAFKA_SASL_MECHANISM, this.KAFKA_SASL_USERNAME, this.KAFKA_SASL_PASSWORD];
    if (sasl.some((value) => value !== undefined) && sasl.some((value) => value === undefined))
      problems.push(
        'KAFKA_SASL_MECHANISM, KAFKA_SASL_USERNAME and KAFKA_SASL_PASSWORD go together: set all three or none',
      );
    if ((this.KAFKA_SSL_CERT_FILE === undefined) !== (this.KAFKA_SSL_KEY_FILE === undefined))
      problems.push('KAFKA_SSL_CERT_FILE and KAFKA_SSL_KEY_FILE go together (mutual TLS)');
    const files = ['KAFKA_SSL_CA_FILE', 'KAFKA_SSL_CERT_FILE', 'KAFKA_SSL_KEY_FILE'] as const;
    for (const name of files) {
      const file = this[name];
      if (file === undefined) continue;
      if (!this.KAFKA_SSL) problems.push(`${name} needs KAFKA_SSL=true`);
      else if (!readable(file)) problems.push(`${name} cannot be read: ${file}`);
    }
    return problems;
  }
}

function kafkaSecurityOf(config: ServiceConfig): KafkaSecurity {
  const pem = (file: string) => readFileSync(file, 'utf8');
  const { KAFKA_SSL_CA_FILE: ca, KAFKA_SSL_CERT_FILE: cert, KAFKA_SSL_KEY_FILE: key } = config;
  const tls = {
    ...(ca ? { ca: [pem(ca)] } : {}),
    ...(cert && key ? { cert: pem(cert), key: pem(key) } : {}),
  };
  const { KAFKA_SASL_MECHANISM: mechanism, KAFKA_SASL_USERNAME: username } = config;
  const password = config.KAFKA_SASL_PASSWORD ?? '';
  return {
    ...(config.KAFKA_SSL ? { ssl: Object.keys(tls).length > 0 ? tls : true } : {}),
    ...(mechanism && username ? { sasl: { mechanism, username, password } } : {}),
  } as KafkaSecurity;
}

function readable(file: string): boolean {
  try {
    accessSync(file, constants.R_OK);
    return true;
  } catch {
    return false;
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
  // The last constraint is the top-most one declared (decorators run bottom-up): the presence or type check.
  const problems = errors.map(
    (error) => Object.values(error.constraints ?? {}).at(-1) ?? `${error.property} is invalid`,
  );
  if (errors.length === 0 && config instanceof ServiceConfig) problems.push(...config.problems());
  if (problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n  - ${problems.join('\n  - ')}`);
  }
  return config;
}
