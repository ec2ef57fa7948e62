import { Controller, Get, HttpCode, Param, Post, Query, Res, UseGuards } from '@nestjs/common';
import { ValidationFailed } from '@platform/domain-kit';
import type { FastifyReply } from 'fastify';
import { AdminTokenGuard } from '../account/admin-token.guard';
import { ServiceForwarder } from '../admin/service-forwarder';
import type { ServiceName } from '../proxy/route-table';

/** The services that consume Kafka topics, and so keep dead letters. */
const CONSUMING: readonly ServiceName[] = ['billing', 'payments', 'settlements', 'webhooks'];

function consumingService(value: unknown): ServiceName {
  const service = CONSUMING.find((name) => name === value);
  if (!service)
    throw new ValidationFailed(`The service must be one of ${CONSUMING.join(', ')}.`, 'service');
  return service;
}

/**
 * Each service's dead letters through the admin API: the gateway checks the admin token and the
 * service keeps them (its internal /internal/dead-letters), answering as it would itself.
 */
@Controller('admin/v1/dead_letters')
@UseGuards(AdminTokenGuard)
export class DeadLettersAdminController {
  constructor(private readonly forwarder: ServiceForwarder) {}

  /** `?service=payments[&all=1]`: oldest first; replayed ones only with `all=1`. */
  @Get()
  async list(
    @Query('service') service: unknown,
    @Query('all') all: unknown,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    const query = all === undefined ? '' : `?all=${encodeURIComponent(String(all))}`;
    await this.forwarder.forwardToService(reply, consumingService(service), {
      method: 'GET',
      path: `/internal/dead-letters${query}`,
    });
  }

  @Post(':service/replay_all')
  @HttpCode(200)
  async replayAll(@Param('service') service: string, @Res() reply: FastifyReply): Promise<void> {
    await this.forwarder.forwardToService(reply, consumingService(service), {
      method: 'POST',
      path: '/internal/dead-letters/replay',
    });
  }

  @Post(':service/:id/replay')
  @HttpCode(200)
  async replay(
    @Param('service') service: string,
    @Param('id') id: string,
    @Res() reply: FastifyReply,
  ): Promise<void> {
    await this.forwarder.forwardToService(reply, consumingService(service), {
      method: 'POST',
      path: `/internal/dead-letters/${encodeURIComponent(id)}/replay`,
    });
  }
}
