import { createHmac } from 'node:crypto';
import { isIP } from 'node:net';
import { Inject, Injectable } from '@nestjs/common';
import type { OnApplicationShutdown } from '@nestjs/common';
import { openSecret, SERVICE_OPTIONS } from '@platform/service-kit';
import type { ServiceKitOptions } from '@platform/service-kit';
import { Agent, request } from 'undici';
import { isPublicAddress } from '../webhook/webhook-url';
import { WebhookTargets } from '../webhook/webhook-targets';
import type { WebhooksConfig } from '../webhooks.config';
import type { ClaimedDelivery } from './deliveries';

/** Razorpay's 5 s: an endpoint that has not answered by then has failed this attempt. */
export const DELIVERY_TIMEOUT_MS = 5000;
export const USER_AGENT = 'Payments-Platform-Webhooks/1.0';

export interface SendOutcome {
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  delivered: boolean;
}

/** `X-Razorpay-Signature`: hex HMAC-SHA256 of the exact body, keyed with the webhook's secret. */
export const signatureOf = (body: string, secret: string): string =>
  createHmac('sha256', secret).update(body).digest('hex');

/**
 * One HTTP POST of a delivery: the stored body as is, signed, with its event id. Any 2xx is
 * delivered; any other status, a timeout or a connection error is a failed attempt. Redirects are not
 * followed. Connections go through the address check (WebhookTargets.lookup) every time.
 */
@Injectable()
export class WebhookSender implements OnApplicationShutdown {
  private readonly agent: Agent;
  private readonly secretKey: Buffer;

  constructor(
    private readonly targets: WebhookTargets,
    @Inject(SERVICE_OPTIONS) options: ServiceKitOptions,
  ) {
    this.secretKey = (options.config as WebhooksConfig).secretKey;
    this.agent = new Agent({
      connect: { lookup: targets.lookup, timeout: DELIVERY_TIMEOUT_MS },
      headersTimeout: DELIVERY_TIMEOUT_MS,
      bodyTimeout: DELIVERY_TIMEOUT_MS,
      keepAliveTimeout: 30_000,
      connections: 16,
    }); // connections per origin: MAX_IN_FLIGHT_PER_WEBHOOK
  }

  async onApplicationShutdown(): Promise<void> {
    await this.agent.close();
  }

  async send(delivery: ClaimedDelivery): Promise<SendOutcome> {
    const started = performance.now();
    const took = () => Math.round(performance.now() - started);
    try {
      this.checkLiteralAddress(delivery.url);
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'user-agent': USER_AGENT,
        'x-razorpay-event-id': delivery.eventId,
      };
      if (delivery.sealedSecret)
        headers['x-razorpay-signature'] = signatureOf(
          delivery.body,
          openSecret(delivery.sealedSecret, this.secretKey),
        );
      const response = await request(delivery.url, {
        method: 'POST',
        headers,
        body: delivery.body,
        dispatcher: this.agent,
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      await response.body.dump({ limit: 64 * 1024 }).catch(() => undefined);
      const delivered = response.statusCode >= 200 && response.statusCode < 300;
      return {
        statusCode: response.statusCode,
        latencyMs: took(),
        error: delivered ? null : `answered ${response.statusCode}`,
        delivered,
      };
    } catch (error) {
      return { statusCode: null, latencyMs: took(), error: describe(error), delivered: false };
    }
  }

  /** A URL naming an IP is connected to without a lookup: its address is checked here. */
  private checkLiteralAddress(url: string): void {
    const host = new URL(url).hostname.replace(/^\[|\]$/g, '');
    if (!this.targets.allowPrivate && isIP(host) !== 0 && !isPublicAddress(host))
      throw new Error(`refused to deliver to ${host}: not a public address`);
  }
}

function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  const code = (error as { code?: string }).code ?? cause?.code;
  if (
    (error as { name?: string }).name === 'TimeoutError' ||
    code === 'UND_ERR_HEADERS_TIMEOUT' ||
    code === 'UND_ERR_BODY_TIMEOUT' ||
    code === 'UND_ERR_CONNECT_TIMEOUT'
  )
    return `no answer within ${DELIVERY_TIMEOUT_MS / 1000} s`;
  return [code, error instanceof Error ? error.message : String(error)]
    .filter(Boolean)
    .join(': ')
    .slice(0, 500);
}
