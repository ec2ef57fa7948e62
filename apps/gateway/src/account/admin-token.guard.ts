import { createHash, timingSafeEqual } from 'node:crypto';
import { Inject, Injectable, UnauthorizedException } from '@nestjs/common';
import type { CanActivate, ExecutionContext } from '@nestjs/common';
import { SERVICE_OPTIONS } from '@platform/service-kit';
import type { ServiceKitOptions } from '@platform/service-kit';
import type { FastifyRequest } from 'fastify';
import type { GatewayConfig } from '../gateway.config';

/** The admin API takes `Authorization: Bearer $ADMIN_TOKEN`, compared in constant time. */
@Injectable()
export class AdminTokenGuard implements CanActivate {
  private readonly expected: Buffer;

  constructor(@Inject(SERVICE_OPTIONS) options: ServiceKitOptions) {
    this.expected = digest((options.config as GatewayConfig).ADMIN_TOKEN);
  }

  canActivate(context: ExecutionContext): boolean {
    const header = context.switchToHttp().getRequest<FastifyRequest>().headers.authorization;
    const presented = typeof header === 'string' && header.startsWith('Bearer ') ? header.slice(7) : '';
    if (!timingSafeEqual(digest(presented), this.expected) || presented === '') throw new UnauthorizedException();
    return true;
  }
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}
