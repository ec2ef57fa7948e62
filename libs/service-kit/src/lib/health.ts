import { Controller, Get, Inject, Injectable, Optional, Res, ServiceUnavailableException } from '@nestjs/common';
import type { OnApplicationShutdown } from '@nestjs/common';
import { HealthCheckService, HealthIndicatorService, TypeOrmHealthIndicator } from '@nestjs/terminus';
import type { HealthIndicatorResult } from '@nestjs/terminus';
import type { FastifyReply } from 'fastify';
import { Kafka, logLevel } from 'kafkajs';
import type { Admin } from 'kafkajs';

export const KAFKA_HEALTH_BROKERS = Symbol('KAFKA_HEALTH_BROKERS');
const CACHE_MS = 2000;

/** Is the Kafka cluster reachable? Keeps one admin connection and caches the answer briefly. */
@Injectable()
export class KafkaHealthIndicator implements OnApplicationShutdown {
  private admin: Admin | null = null;
  private checkedAt = 0;
  private healthy = false;

  constructor(
    private readonly indicators: HealthIndicatorService,
    @Optional() @Inject(KAFKA_HEALTH_BROKERS) private readonly brokers: string[] | null,
  ) {}

  async check(): Promise<HealthIndicatorResult> {
    const indicator = this.indicators.check('kafka');
    if (!this.brokers) return indicator.up({ configured: false });
    if (Date.now() - this.checkedAt > CACHE_MS) {
      this.checkedAt = Date.now();
      this.healthy = await this.probe();
    }
    return this.healthy ? indicator.up() : indicator.down({ message: 'Kafka brokers not reachable' });
  }

  async onApplicationShutdown(): Promise<void> {
    await this.admin?.disconnect().catch(() => undefined);
  }

  private async probe(): Promise<boolean> {
    if (!this.brokers) return false;
    try {
      this.admin ??= new Kafka({ clientId: 'health', brokers: this.brokers, logLevel: logLevel.NOTHING, connectionTimeout: 1000, retry: { retries: 0 } }).admin();
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

/** `/health/live`: the process serves. `/health/ready`: it can do its work (database and Kafka reachable). */
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
    try {
      await reply.send(await this.health.check([() => this.database.pingCheck('database', { timeout: 1000 }), () => this.kafka.check()]));
    } catch (error) {
      if (!(error instanceof ServiceUnavailableException)) throw error;
      await reply.status(503).send(error.getResponse());
    }
  }
}
