import { Inject, Injectable } from '@nestjs/common';
import { NotFound, ValidationFailed } from '@platform/domain-kit';
import type { Mode } from '@platform/domain-kit';
import { ContextHeaders } from '@platform/http';
import { SERVICE_OPTIONS } from '@platform/service-kit';
import type { ServiceKitOptions } from '@platform/service-kit';
import type { FastifyReply } from 'fastify';
import { DataSource } from 'typeorm';
import { request } from 'undici';
import { AccountRow } from '../account/account.entity';
import type { GatewayConfig } from '../gateway.config';
import type { ServiceName } from '../proxy/route-table';

/** One admin request as the service that keeps the data is asked it, on its internal API. */
export interface ForwardedCall {
  accountId: string;
  mode: Mode;
  method: 'GET' | 'POST' | 'PATCH';
  /** The internal path, query string included. */
  path: string;
  /** Sent as JSON; without it the request has no body. */
  body?: unknown;
}

/** The `mode` of an admin request (query or body): which of the account's two data sets it is about. */
export function modeOf(value: unknown): Mode {
  if (value !== 'test' && value !== 'live')
    throw new ValidationFailed('The mode must be test or live.', 'mode');
  return value;
}

/**
 * Admin routes whose data another service keeps (offers in billing, ledgers and settlement settings
 * in settlements): the gateway checks the account, then asks the service as the internal caller of
 * that account and mode. The answer goes back as it came, status and JSON body, so the service's
 * own validation errors reach the operator in the usual envelope.
 */
@Injectable()
export class ServiceForwarder {
  private readonly baseUrls: Record<ServiceName, string>;
  private readonly internalToken: string;

  constructor(
    private readonly dataSource: DataSource,
    @Inject(SERVICE_OPTIONS) options: ServiceKitOptions,
  ) {
    const config = options.config as GatewayConfig;
    this.baseUrls = {
      billing: config.BILLING_URL,
      payments: config.PAYMENTS_URL,
      settlements: config.SETTLEMENTS_URL,
      webhooks: config.WEBHOOKS_URL,
    };
    this.internalToken = config.INTERNAL_TOKEN;
  }

  async forward(reply: FastifyReply, service: ServiceName, call: ForwardedCall): Promise<void> {
    // The services take any account id the gateway vouches for: an unknown one must stop here.
    if (!(await this.dataSource.manager.existsBy(AccountRow, { id: call.accountId })))
      throw new NotFound();
    await this.send(reply, service, call, {
      [ContextHeaders.accountId]: call.accountId,
      [ContextHeaders.mode]: call.mode,
    });
  }

  /** An admin request about the service itself (its dead letters), not about one account's data. */
  async forwardToService(
    reply: FastifyReply,
    service: ServiceName,
    call: Omit<ForwardedCall, 'accountId' | 'mode'>,
  ): Promise<void> {
    await this.send(reply, service, call, {});
  }

  private async send(
    reply: FastifyReply,
    service: ServiceName,
    call: Omit<ForwardedCall, 'accountId' | 'mode'>,
    caller: Record<string, string>,
  ): Promise<void> {
    const upstream = await request(`${this.baseUrls[service]}${call.path}`, {
      method: call.method,
      headers: {
        [ContextHeaders.internalToken]: this.internalToken,
        ...caller,
        ...(call.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: call.body === undefined ? undefined : JSON.stringify(call.body),
    });
    await reply
      .status(upstream.statusCode)
      .header('content-type', 'application/json; charset=utf-8')
      .send(Buffer.from(await upstream.body.arrayBuffer()));
  }
}
