import { Inject, Injectable, Logger, Module } from '@nestjs/common';
import type {
  DynamicModule,
  OnApplicationBootstrap,
  OnApplicationShutdown,
  OnModuleInit,
} from '@nestjs/common';
import { DiscoveryModule, DiscoveryService } from '@nestjs/core';
import { TerminusModule } from '@nestjs/terminus';
import { TypeOrmModule } from '@nestjs/typeorm';
import { CommandHandler, CorkingClient, Database } from '@platform/event-store';
import {
  DeadLettersSchema1764200000000,
  EventCatchUp,
  KafkaBatchTransport,
  KafkaEventConsumer,
  OutboxRelay,
} from '@platform/messaging';
import { DataSource } from 'typeorm';
import type { MixedList } from 'typeorm';
import { Clock } from './clock';
import type { ServiceConfig } from './config';
import { HealthController, KAFKA_HEALTH_ADMIN, KafkaHealthIndicator } from './health';
import { kafkaAdmin } from './kafka-admin';
import { OnTestClockAdvanced } from './account-clocks';
import { countDeadLetter, countDeadLettersIn, DeadLettersController } from './dead-letters';
import { DueJobHandler, DueJobScheduler } from './due-job-scheduler';
import type { JobHandler } from './due-job-scheduler';
import { KAFKA_TOPICS_OPTIONS, KafkaTopicsCheck } from './kafka-topics';
import { runMigrationsExclusively } from './migrations';
import { consumerMetrics, watchDueJobsIn, watchOutboxIn } from './pipeline-metrics';
import { OutboxFeedController } from './event-catch-up/outbox-feed.controller';

export const SERVICE_OPTIONS = Symbol('SERVICE_OPTIONS');

export interface ServiceKitOptions {
  service: string;
  config: ServiceConfig;
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type -- TypeORM's own types for entity and migration classes
  entities: MixedList<Function>;
  /**
   * With DeadLettersSchema among them, the service keeps its consumers' dead letters: counted on
   * the metrics port, listed and replayed on /internal/dead-letters.
   */
  // eslint-disable-next-line @typescript-eslint/no-unsafe-function-type
  migrations: MixedList<Function>;
  /** Publish the outbox to Kafka (services that emit integration events). */
  relay: boolean;
  /**
   * The Kafka consumer group of the service's `@EventPattern` handlers (default: the service's
   * name). Without any such handler no consumer is started.
   */
  consumerGroup?: string;
  /**
   * Run `@DueJobHandler()` providers when their jobs are due, on each account's clock (test clocks
   * included). Needs DueJobsSchema among the migrations.
   */
  scheduler?: boolean;
  /**
   * The internal base URL of each service whose events this one consumes and whose effects a
   * request may need at once (`@CatchUp()` routes; see EventCatchUp), e.g. `{ payments: PAYMENTS_URL }`.
   * Needs CatchUpHorizons among the migrations.
   */
  catchUpFrom?: Readonly<Record<string, string>>;
}

@Injectable()
class MigrationRunner implements OnModuleInit {
  private readonly logger = new Logger('Migrations');
  constructor(
    private readonly dataSource: DataSource,
    @Inject(SERVICE_OPTIONS) private readonly options: ServiceKitOptions,
  ) {}

  async onModuleInit(): Promise<void> {
    const applied = await runMigrationsExclusively(this.dataSource, this.options.service);
    if (applied.length > 0) this.logger.log(`applied ${applied.join(', ')}`);
  }
}

@Injectable()
class OutboxRelayLifecycle implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('OutboxRelay');
  private readonly relay: OutboxRelay;

  constructor(@Inject(SERVICE_OPTIONS) options: ServiceKitOptions, database: Database) {
    watchOutboxIn(database);
    this.relay = new OutboxRelay({
      databaseUrl: options.config.DATABASE_URL,
      brokers: options.config.kafkaBrokers,
      security: options.config.kafkaSecurity,
      autoCreateTopics: options.config.KAFKA_AUTO_CREATE_TOPICS,
      service: options.service,
      clientId: options.config.kafkaClientId(options.service),
      maxLingerMs: options.config.OUTBOX_MAX_LINGER_MS,
      log: (level, message, fields) =>
        this.logger[level === 'info' ? 'log' : level](
          `${message} ${fields ? JSON.stringify(fields) : ''}`,
        ),
    });
  }

  onApplicationBootstrap(): void {
    this.relay.start();
  }

  async onApplicationShutdown(): Promise<void> {
    await this.relay.stop();
  }
}

/**
 * The service's Kafka consumer as a Nest microservice transport: every `@EventPattern` handler of the
 * app's controllers is fed by it once the app connects it (connectEventTransport) and starts it.
 */
function kafkaBatchTransport(options: ServiceKitOptions, database: Database): KafkaBatchTransport {
  if (keepsDeadLetters(options)) countDeadLettersIn(database);
  return new KafkaBatchTransport(
    {
      brokers: options.config.kafkaBrokers,
      security: options.config.kafkaSecurity,
      autoCreateTopics: options.config.KAFKA_AUTO_CREATE_TOPICS,
      clientId: options.config.kafkaClientId(options.service),
      groupId: options.consumerGroup ?? options.service,
      sessionTimeoutMs: options.config.KAFKA_SESSION_TIMEOUT_MS,
      partitionsConcurrently: options.config.KAFKA_CONSUMER_CONCURRENCY,
      onDeadLetter: countDeadLetter,
      metrics: consumerMetrics,
    },
    database,
  );
}

function keepsDeadLetters(options: ServiceKitOptions): boolean {
  return (
    Array.isArray(options.migrations) && options.migrations.includes(DeadLettersSchema1764200000000)
  );
}

/** The service's scheduler, running every `@DueJobHandler()` provider of the app. */
function dueJobScheduler(database: Database, discovery: DiscoveryService): DueJobScheduler {
  watchDueJobsIn(database);
  return new DueJobScheduler(database, () =>
    discovery
      .getProviders({ metadataKey: DueJobHandler.KEY })
      .map((wrapper) => wrapper.instance as JobHandler)
      .filter((handler) => handler !== undefined),
  );
}

/**
 * Everything a service needs besides its own modules: config, JSON logs, the database with its
 * migrations, the command handler, the outbox relay, the Kafka consumer, health and metrics.
 */
@Module({})
export class ServiceKitModule {
  static forRoot(options: ServiceKitOptions): DynamicModule {
    return {
      module: ServiceKitModule,
      global: true,
      imports: [
        TypeOrmModule.forRoot({
          type: 'postgres',
          url: options.config.DATABASE_URL,
          entities: options.entities,
          migrations: options.migrations,
          migrationsRun: false,
          synchronize: false,
          poolSize: 10,
          extra: { Client: CorkingClient },
          retryAttempts: 5,
          retryDelay: 1000,
        }),
        TerminusModule,
        DiscoveryModule,
      ],
      controllers: [
        HealthController,
        ...(keepsDeadLetters(options) ? [DeadLettersController] : []),
        ...(options.scheduler ? [OnTestClockAdvanced] : []),
        ...(options.relay ? [OutboxFeedController] : []),
      ],
      providers: [
        { provide: SERVICE_OPTIONS, useValue: options },
        {
          provide: KAFKA_HEALTH_ADMIN,
          useValue: () =>
            kafkaAdmin(options.config, options.service, {
              role: 'health',
              connectionTimeout: 1000,
              retries: 0,
            }),
        },
        {
          provide: Database,
          useFactory: (dataSource: DataSource) => new Database(dataSource),
          inject: [DataSource],
        },
        {
          provide: CommandHandler,
          useFactory: (database: Database) => new CommandHandler(database),
          inject: [Database],
        },
        Clock,
        KafkaHealthIndicator,
        {
          provide: KafkaBatchTransport,
          useFactory: kafkaBatchTransport,
          inject: [SERVICE_OPTIONS, Database],
        },
        {
          provide: KafkaEventConsumer,
          useFactory: (transport: KafkaBatchTransport) => transport.consumer,
          inject: [KafkaBatchTransport],
        },
        {
          provide: EventCatchUp,
          useFactory: (database: Database, consumer: KafkaEventConsumer) =>
            new EventCatchUp(database, consumer, {
              owners: options.catchUpFrom ?? {},
              internalToken: options.config.INTERNAL_TOKEN,
            }),
          inject: [Database, KafkaEventConsumer],
        },
        MigrationRunner,
        {
          provide: KAFKA_TOPICS_OPTIONS,
          useValue: { service: options.service, config: options.config },
        },
        KafkaTopicsCheck,
        ...(options.relay ? [OutboxRelayLifecycle] : []),
        ...(options.scheduler
          ? [
              {
                provide: DueJobScheduler,
                useFactory: dueJobScheduler,
                inject: [Database, DiscoveryService],
              },
            ]
          : []),
      ],
      exports: [
        SERVICE_OPTIONS,
        Clock,
        CommandHandler,
        Database,
        EventCatchUp,
        ...(options.scheduler ? [DueJobScheduler] : []),
      ],
    };
  }
}
