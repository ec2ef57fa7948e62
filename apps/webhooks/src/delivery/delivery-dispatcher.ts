import { randomInt } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { BeforeApplicationShutdown, OnApplicationBootstrap } from '@nestjs/common';
import { unlessRefused } from '@platform/domain-kit';
import { CommandHandler, Database } from '@platform/event-store';
import { SERVICE_OPTIONS } from '@platform/service-kit';
import type { ServiceKitOptions } from '@platform/service-kit';
import { Client } from 'pg';
import { AlertMailer } from '../alert/alert-mailer';
import { getWebhookDetails } from '../webhook/webhook-details/webhook-details.query';
import { onWebhook } from '../webhook/webhook.stream';
import { claimDue, deliveredSince, DELIVERY_CHANNEL, recordAttempt, releaseClaims } from './deliveries';
import type { ClaimedDelivery } from './deliveries';
import { nextAttemptAt, RETRY_WINDOW_MS } from './retry-schedule';
import { WebhookSender } from './webhook-sender';

/** In flight at once in this process, and per webhook: one slow endpoint holds at most its own share. */
export const MAX_IN_FLIGHT = 64;
export const MAX_IN_FLIGHT_PER_WEBHOOK = 4;
const POLL_MS = 250;
/**
 * A circuit breaker per webhook: after this many failed attempts in a row its deliveries are left
 * alone for BREAKER_PAUSE_MS (real time), then a few are tried again. A dead endpoint then costs one
 * attempt per pause instead of one per event, and its waiting deliveries keep their schedule and
 * their 24 hours (a backlog is worked off as soon as it answers again).
 */
export const BREAKER_FAILURES = 10;
export const BREAKER_PAUSE_MS = 10_000;

/**
 * Sends deliveries as they become due: woken by the NOTIFY of each new delivery (and polling as a
 * fallback), it claims due ones (FOR UPDATE SKIP LOCKED and a lease, so replicas share them) and
 * sends each on its own, never waiting for one before the next: at most MAX_IN_FLIGHT at once and
 * MAX_IN_FLIGHT_PER_WEBHOOK per webhook, so a dead or slow endpoint (5 s each) delays nobody else's.
 * Each attempt is recorded with its outcome; a failure is retried on the backoff schedule until 24 h
 * after the event, then the delivery has failed, and a webhook that delivered nothing in those 24 h
 * is disabled and its alert_email told.
 */
@Injectable()
export class DeliveryDispatcher implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(DeliveryDispatcher.name);
  private readonly inFlight = new Map<string, number>();
  private readonly breakers = new Map<string, { failures: number; pausedUntil: number }>();
  private readonly sending = new Set<Promise<void>>();
  private listener: Client | null = null;
  private running: Promise<void> | null = null;
  private stopping = false;
  private wake: (() => void) | null = null;

  constructor(
    private readonly database: Database,
    private readonly sender: WebhookSender,
    private readonly handler: CommandHandler,
    private readonly mailer: AlertMailer,
    @Inject(SERVICE_OPTIONS) private readonly options: ServiceKitOptions,
  ) {}

  onApplicationBootstrap(): void {
    this.running = this.loop();
    void this.listen();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    this.wake?.();
    await this.running;
    await Promise.allSettled([...this.sending]);
    await this.listener?.end().catch(() => undefined);
  }

  /** Claims what is due and starts sending it; returns how many were started (also used by tests). */
  async dispatchDue(): Promise<number> {
    const room = MAX_IN_FLIGHT - this.sending.size;
    if (room <= 0) return 0;
    const paused = [...this.breakers].filter(([, breaker]) => breaker.pausedUntil > Date.now()).map(([id]) => id);
    const busy = [...[...this.inFlight].filter(([, count]) => count >= MAX_IN_FLIGHT_PER_WEBHOOK).map(([id]) => id), ...paused];
    const claimed = await claimDue(this.database, room, busy);
    const extra: string[] = [];
    for (const delivery of claimed) {
      if ((this.inFlight.get(delivery.webhookId) ?? 0) >= MAX_IN_FLIGHT_PER_WEBHOOK) extra.push(delivery.id);
      else this.start(delivery);
    }
    await releaseClaims(this.database, extra);
    return claimed.length - extra.length;
  }

  private start(delivery: ClaimedDelivery): void {
    this.inFlight.set(delivery.webhookId, (this.inFlight.get(delivery.webhookId) ?? 0) + 1);
    const sent = this.attempt(delivery)
      .catch((error: unknown) => this.logger.error(`delivery ${delivery.id} could not be recorded: ${String(error)}`))
      .finally(() => {
        this.sending.delete(sent);
        const left = (this.inFlight.get(delivery.webhookId) ?? 1) - 1;
        if (left > 0) this.inFlight.set(delivery.webhookId, left);
        else this.inFlight.delete(delivery.webhookId);
        this.wake?.();
      });
    this.sending.add(sent);
  }

  private async attempt(delivery: ClaimedDelivery): Promise<void> {
    const outcome = await this.sender.send(delivery);
    this.trip(delivery.webhookId, outcome.delivered);
    const next = outcome.delivered ? null : nextAttemptAt(delivery.attempts + 1, delivery.eventAt, delivery.now, randomInt(1_000_000) / 1_000_000);
    await recordAttempt(this.database, { delivery, ...outcome, next });
    if (!outcome.delivered && next === null) await this.gaveUp(delivery);
  }

  private trip(webhookId: string, delivered: boolean): void {
    if (delivered) return void this.breakers.delete(webhookId);
    const breaker = this.breakers.get(webhookId) ?? { failures: 0, pausedUntil: 0 };
    breaker.failures++;
    if (breaker.failures >= BREAKER_FAILURES) breaker.pausedUntil = Date.now() + BREAKER_PAUSE_MS;
    this.breakers.set(webhookId, breaker);
  }

  /** 24 hours of failures: unless the webhook delivered something meanwhile, it is disabled and its owner told. */
  private async gaveUp(delivery: ClaimedDelivery): Promise<void> {
    if (await deliveredSince(this.database, delivery.webhookId, delivery.eventAt)) return;
    const metadata = { accountId: delivery.accountId, mode: delivery.mode, now: delivery.now, requestId: `delivery:${delivery.id}` };
    const reason = `deliveries to ${delivery.url} failed for ${RETRY_WINDOW_MS / 3_600_000} hours`;
    let disabled = false;
    await unlessRefused(
      async () => (disabled = (await this.handler.handle(onWebhook(delivery.webhookId, { type: 'DisableWebhook', data: { reason }, metadata }))).appended.length > 0),
      () => undefined,
    );
    if (!disabled) return;
    const webhook = await getWebhookDetails(this.database, delivery, delivery.webhookId);
    if (!webhook?.alertEmail) return this.logger.warn({ msg: 'webhook disabled; it has no alert_email', webhookId: delivery.webhookId, reason });
    await this.mailer
      .send({ to: webhook.alertEmail, subject: `Webhook disabled: ${webhook.url}`, text: `Your webhook ${webhook.id} (${webhook.url}) was disabled: ${reason}. Turn it on again by editing it with active: true.` })
      .catch((error: unknown) => this.logger.error(`the alert for webhook ${webhook.id} could not be sent: ${String(error)}`));
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      let started = 0;
      try {
        started = await this.dispatchDue();
      } catch (error) {
        this.logger.warn(`claiming deliveries failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      if (started === 0 || this.sending.size >= MAX_IN_FLIGHT) await this.sleep(POLL_MS);
    }
  }

  /** LISTEN for new deliveries; without it (PostgreSQL away) the poll still finds them. */
  private async listen(): Promise<void> {
    try {
      this.listener = new Client({ connectionString: this.options.config.DATABASE_URL });
      this.listener.on('error', () => undefined);
      this.listener.on('notification', () => this.wake?.());
      await this.listener.connect();
      await this.listener.query(`LISTEN ${DELIVERY_CHANNEL}`);
    } catch (error) {
      this.logger.warn(`not listening for new deliveries (polling every ${POLL_MS} ms): ${String(error)}`);
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done(): void {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}
