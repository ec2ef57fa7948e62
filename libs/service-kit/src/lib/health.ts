import {
  Controller,
  Get,
  Inject,
  Injectable,
  Optional,
  Res,
  ServiceUnavailableException,
} from '@nestjs/common';
import type { OnApplicationShutdown } from '@nestjs/common';
import {
  HealthCheckService,
  HealthIndicatorService,
  TypeOrmHealthIndicator,
} from '@nestjs/terminus';
import type { HealthIndicatorResult } from '@nestjs/terminus';
import type { FastifyReply } from 'fastify';
import type { Admin } from 'kafkajs';
import { Gauge } from 'prom-client';
import { shutdownState } from './graceful-shutdown';
import { metricsRegistry } from './metrics';

/** Makes the admin client the health check asks the cluster with (see kafkaAdmin). */
export const KAFKA_HEALTH_ADMIN = Symbol('KAFKA_HEALTH_ADMIN');
const CACHE_MS = 2000;

/** Scraped from `/metrics`: 1 while the Kafka cluster answers, 0 while it does not. */
let kafkaProbe: (() => Promise<boolean>) | null = null;
new Gauge({
  name: 'kafka_reachable',
  help: 'Whether this process can reach the Kafka cluster (1) or not (0); checked at most every 2 s',
  registers: [metricsRegistry],
  async collect() {
    if (kafkaProbe) this.set((await kafkaProbe()) ? 1 : 0);
  },
});

/** Is the Kafka cluster reachable? Keeps one admin connection and caches the answer briefly. */
@Injectable()
export class KafkaHealthIndicator implements OnApplicationShutdown {
  private admin: Admin | null = null;
  private checkedAt = 0;
  private healthy = false;

  constructor(
    private readonly indicators: HealthIndicatorService,
    @Optional()
    @Inject(KAFKA_HEALTH_ADMIN)
    private readonly newAdmin: (() => Admin) | null,
  ) {
    if (newAdmin) kafkaProbe = () => this.reachable();
  }

  async check(): Promise<HealthIndicatorResult> {
    const indicator = this.indicators.check('kafka');
    if (!this.newAdmin) return indicator.up({ configured: false });
    return (await this.reachable())
      ? indicator.up()
      : indicator.down({ message: 'Kafka brokers not reachable' });
  }

  async reachable(): Promise<boolean> {
    if (Date.now() - this.checkedAt > CACHE_MS) {
      this.checkedAt = Date.now();
      this.healthy = await this.probe();
    }
    return this.healthy;
  }

  async onApplicationShutdown(): Promise<void> {
    await this.admin?.disconnect().catch(() => undefined);
  }

  private async probe(): Promise<boolean> {
    if (!this.newAdmin) return false;
    try {
      this.admin ??= this.newAdmin();
      await this.admin.connect();
      await this.admin.describeCluster();
      return true;
    } catch {
      await this.admin?.disconnect().catch(() => undefined);
      this.admin = null;
      return false;
    }
  }
}

/**
 * `/health/live`: the process serves. `/health/ready`: it can serve requests, i.e. its database
 * answers and it is not shutting down. Kafka is deliberately not part of readiness: writes go on through the outbox while the
 * broker is away, so taking every replica out of its Service for a Kafka outage would turn a delay of
 * events into an outage of the API. The broker has its own check, `/health/kafka`, and the
 * `kafka_reachable` gauge, for alerts.
 */
@Controller('health')
export class HealthController {
  constructor(
    private readonly health: HealthCheckService,
    private readonly database: TypeOrmHealthIndicator,
    private readonly kafka: KafkaHealthIndicator,
  ) {}

  @Get('live')
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  async ready(@Res() reply: FastifyReply): Promise<void> {
    if (shutdownState.closing)
      return void (await reply.status(503).send({ status: 'shutting_down' }));
    return this.answer(reply, () => this.database.pingCheck('database', { timeout: 1000 }));
  }

  @Get('kafka')
  kafkaReachable(@Res() reply: FastifyReply): Promise<void> {
    return this.answer(reply, () => this.kafka.check());
  }

  private async answer(
    reply: FastifyReply,
    indicator: () => Promise<HealthIndicatorResult>,
  ): Promise<void> {
    try {
      await reply.send(await this.health.check([indicator]));
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      await reply.status(503).send(error.getResponse());
    }
  }
}
