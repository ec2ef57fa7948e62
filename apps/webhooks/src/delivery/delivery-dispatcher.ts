import { randomInt } from 'node:crypto';
import { Inject, Injectable, Logger } from '@nestjs/common';
import type { BeforeApplicationShutdown, OnApplicationBootstrap } from '@nestjs/common';
import { unlessRefused } from '@platform/domain-kit';
import { CommandHandler, Database } from '@platform/event-store';
import { NotificationListener, WakeableSleep } from '@platform/messaging';
import { SERVICE_OPTIONS } from '@platform/service-kit';
import type { ServiceKitOptions } from '@platform/service-kit';
import { AlertMailer } from '../alert/alert-mailer';
import { getWebhookDetails } from '../webhook/webhook-details/webhook-details.query';
import { onWebhook } from '../webhook/webhook.stream';
import { AttemptLog } from './attempt-log';
import { CircuitBreakers } from './circuit-breakers';
import { claimDue, deliveredSince, DELIVERY_CHANNEL, releaseClaims } from './deliveries';
import type { ClaimedDelivery } from './deliveries';
import { deliveryMetrics, reportOpenBreakers } from './delivery-metrics';
import { nextAttemptAt, RETRY_WINDOW_MS } from './retry-schedule';
import { WebhookSender } from './webhook-sender';
import type { SendOutcome } from './webhook-sender';

/** HTTP requests in flight at once in this process, and per webhook: one slow endpoint holds at most its own share. */
export const MAX_IN_FLIGHT = 512;
export const MAX_IN_FLIGHT_PER_WEBHOOK = 16;
/** Deliveries claimed and not yet done (in flight included), per webhook and in all: enough to keep a fast endpoint busy between claims. */
export const MAX_HELD_PER_WEBHOOK = 256;
const MAX_HELD = 4096;
const POLL_MS = 250;
/** A held delivery is sent only while its lease has this long left, so no attempt outlives it (5 s timeout, then recording). */
const LEASE_MARGIN_MS = 15_000;

/** A webhook's claimed deliveries waiting for a free slot, its requests under way, and its attempts being recorded. */
interface Lane {
  queue: ClaimedDelivery[];
  inFlight: number;
  /** Answered (or failed) and not yet recorded: still held and leased, no longer a request. */
  recording: number;
  /** The last claim filled its room: more may be due. */
  mayHaveMore: boolean;
}

/**
 * Sends deliveries as they become due. Woken by the NOTIFY of each new delivery (and polling as a
 * fallback), it claims due ones webhook by webhook (FOR UPDATE SKIP LOCKED and a lease, so replicas
 * share them), up to MAX_HELD_PER_WEBHOOK each, into that webhook's lane; a lane sends
 * MAX_IN_FLIGHT_PER_WEBHOOK at once, never waiting for one before the next, so a dead or slow endpoint
 * (5 s each) delays nobody else's, and a lane half worked off asks for the next claim. Attempts are
 * recorded in batches (AttemptLog); a failure is retried on the backoff schedule until 24 h after the
 * event, then the delivery has failed, and a webhook that delivered nothing in those 24 h is disabled
 * and its alert_email told. A webhook failing 10 times in a row is paused (CircuitBreakers).
 */
@Injectable()
export class DeliveryDispatcher implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(DeliveryDispatcher.name);
  private readonly lanes = new Map<string, Lane>();
  private readonly breakers = new CircuitBreakers();
  private readonly sending = new Set<Promise<void>>();
  private readonly attempts: AttemptLog;
  private held = 0;
  private inFlight = 0;
  private claimWanted = true;
  private listener: NotificationListener | null = null;
  private running: Promise<void> | null = null;
  private stopping = false;
  private readonly pause = new WakeableSleep();

  constructor(
    private readonly database: Database,
    private readonly sender: WebhookSender,
    private readonly handler: CommandHandler,
    private readonly mailer: AlertMailer,
    @Inject(SERVICE_OPTIONS) private readonly options: ServiceKitOptions,
  ) {
    this.attempts = new AttemptLog(database);
  }

  onApplicationBootstrap(): void {
    reportOpenBreakers(
      () => [...this.breakers.tripped()].filter(([, state]) => state === 'open').length,
    );
    this.running = this.loop();
    void this.listen();
  }

  async beforeApplicationShutdown(): Promise<void> {
    this.stopping = true;
    this.pause.close();
    await this.running;
    for (const lane of this.lanes.values()) this.releaseQueue(lane);
    await Promise.allSettled([...this.sending]);
    await this.attempts.drain();
    await this.listener?.close();
  }

  /** Claims what is due and has room, and starts sending it; returns how many were claimed. */
  async dispatchDue(): Promise<number> {
    const rooms = this.rooms();
    const claimed = await claimDue(this.database, {
      limit: MAX_HELD - this.held,
      room: MAX_HELD_PER_WEBHOOK,
      rooms,
    });
    const perWebhook = new Map<string, number>();
    for (const delivery of claimed) {
      this.laneOf(delivery.webhookId).queue.push(delivery);
      perWebhook.set(delivery.webhookId, (perWebhook.get(delivery.webhookId) ?? 0) + 1);
      this.held++;
    }
    for (const [webhookId, count] of perWebhook)
      this.laneOf(webhookId).mayHaveMore = count >= (rooms[webhookId] ?? MAX_HELD_PER_WEBHOOK);
    for (const [webhookId, lane] of this.lanes) this.pump(webhookId, lane);
    return claimed.length;
  }

  /** Room of the webhooks this process holds deliveries of, or whose breaker is not closed (the others may have MAX_HELD_PER_WEBHOOK). */
  private rooms(): Record<string, number> {
    const rooms: Record<string, number> = {};
    for (const [webhookId, lane] of this.lanes)
      rooms[webhookId] = Math.max(
        0,
        MAX_HELD_PER_WEBHOOK - lane.queue.length - lane.inFlight - lane.recording,
      );
    for (const [webhookId, state] of this.breakers.tripped()) {
      const lane = this.lanes.get(webhookId);
      rooms[webhookId] = state === 'half-open' && !lane ? 1 : 0;
    }
    return rooms;
  }

  private laneOf(webhookId: string): Lane {
    let lane = this.lanes.get(webhookId);
    if (!lane)
      this.lanes.set(
        webhookId,
        (lane = { queue: [], inFlight: 0, recording: 0, mayHaveMore: false }),
      );
    return lane;
  }

  /** Starts what the lane may send now; a paused webhook's queue goes back, and a lane with nothing left is dropped. */
  private pump(webhookId: string, lane: Lane): void {
    const state = this.breakers.stateOf(webhookId);
    if (state === 'open' || this.stopping) this.releaseQueue(lane);
    const limit = state === 'half-open' ? 1 : MAX_IN_FLIGHT_PER_WEBHOOK;
    const expiring: string[] = [];
    while (lane.queue.length > 0 && lane.inFlight < limit && this.inFlight < MAX_IN_FLIGHT) {
      const delivery = lane.queue.shift() as ClaimedDelivery;
      if (delivery.leasedUntil - Date.now() >= LEASE_MARGIN_MS)
        this.start(webhookId, lane, delivery);
      else {
        expiring.push(delivery.id);
        this.held--;
      }
    }
    this.release(expiring);
    if (lane.queue.length === 0 && lane.inFlight === 0 && lane.recording === 0)
      this.lanes.delete(webhookId);
  }

  private releaseQueue(lane: Lane): void {
    this.release(lane.queue.map((delivery) => delivery.id));
    this.held -= lane.queue.length;
    lane.queue = [];
    lane.mayHaveMore = false;
  }

  /** Gives deliveries back for the next claim; should that fail, their lease runs out and they come back anyway. */
  private release(ids: string[]): void {
    if (ids.length === 0) return;
    releaseClaims(this.database, ids).catch((error: unknown) =>
      this.logger.warn(
        `releasing ${ids.length} deliveries failed (their lease will run out): ${String(error)}`,
      ),
    );
  }

  /**
   * Sends the delivery. Its request slot is free again once the endpoint answered (or failed), so the
   * lane's next delivery goes out while this attempt is recorded; the delivery stays held, and leased,
   * until its attempt is stored.
   */
  private start(webhookId: string, lane: Lane, delivery: ClaimedDelivery): void {
    lane.inFlight++;
    this.inFlight++;
    let answered = false;
    const freeSlot = (): void => {
      if (answered) return;
      answered = true;
      const wasFull = this.inFlight >= MAX_IN_FLIGHT;
      lane.inFlight--;
      this.inFlight--;
      lane.recording++;
      if (wasFull) for (const [id, other] of this.lanes) this.pump(id, other);
      else this.pump(webhookId, lane);
    };
    const sent = this.attempt(delivery, freeSlot)
      .catch((error: unknown) =>
        this.logger.error(`delivery ${delivery.id} could not be recorded: ${String(error)}`),
      )
      .finally(() => {
        freeSlot();
        this.sending.delete(sent);
        lane.recording--;
        this.held--;
        if (
          lane.mayHaveMore &&
          lane.queue.length + lane.inFlight + lane.recording <= MAX_HELD_PER_WEBHOOK / 2
        )
          this.wantClaim();
        this.pump(webhookId, lane); // drops the lane once nothing of it is left
      });
    this.sending.add(sent);
  }

  /** One attempt: the request, then (its slot freed by `answered`) what it came to, recorded. */
  private async attempt(delivery: ClaimedDelivery, answered: () => void): Promise<void> {
    const outcome = await this.sender.send(delivery);
    this.observe(delivery, outcome);
    if (this.breakers.record(delivery.webhookId, outcome.delivered)) {
      const lane = this.lanes.get(delivery.webhookId);
      if (lane) this.releaseQueue(lane);
    }
    answered();
    const next = outcome.delivered
      ? null
      : nextAttemptAt(
          delivery.attempts + 1,
          delivery.eventAt,
          delivery.now,
          randomInt(1_000_000) / 1_000_000,
        );
    await this.attempts.record({ delivery, ...outcome, next });
    if (!outcome.delivered && next === null) await this.gaveUp(delivery);
  }

  private observe(delivery: ClaimedDelivery, outcome: SendOutcome): void {
    deliveryMetrics.attempts.inc({ outcome: outcome.delivered ? 'delivered' : 'failed' });
    deliveryMetrics.attemptDuration.observe(outcome.latencyMs / 1000);
    if (delivery.attempts === 0)
      deliveryMetrics.firstAttemptLag.observe(Math.max(0, delivery.now - delivery.eventAt) / 1000);
  }

  /** 24 hours of failures: unless the webhook delivered something meanwhile, it is disabled and its owner told. */
  private async gaveUp(delivery: ClaimedDelivery): Promise<void> {
    if (await deliveredSince(this.database, delivery.webhookId, delivery.eventAt)) return;
    const metadata = {
      accountId: delivery.accountId,
      mode: delivery.mode,
      now: delivery.now,
      requestId: `delivery:${delivery.id}`,
    };
    const reason = `deliveries to ${delivery.url} failed for ${RETRY_WINDOW_MS / 3_600_000} hours`;
    let disabled = false;
    await unlessRefused(
      async () =>
        (disabled =
          (
            await this.handler.handle(
              onWebhook(delivery.webhookId, { type: 'DisableWebhook', data: { reason }, metadata }),
            )
          ).appended.length > 0),
      () => undefined,
    );
    if (!disabled) return;
    deliveryMetrics.disabled.inc();
    const webhook = await getWebhookDetails(this.database, delivery, delivery.webhookId);
    if (!webhook?.alertEmail)
      return this.logger.warn({
        msg: 'webhook disabled; it has no alert_email',
        webhookId: delivery.webhookId,
        reason,
      });
    await this.mailer
      .send({
        to: webhook.alertEmail,
        subject: `Webhook disabled: ${webhook.url}`,
        text: `Your webhook ${webhook.id} (${webhook.url}) was disabled: ${reason}. Turn it on again by editing it with active: true.`,
      })
      .catch((error: unknown) =>
        this.logger.error(
          `the alert for webhook ${webhook.id} could not be sent: ${String(error)}`,
        ),
      );
  }

  private wantClaim(): void {
    this.claimWanted = true;
    this.pause.wake();
  }

  private async loop(): Promise<void> {
    while (!this.stopping) {
      this.claimWanted = false;
      try {
        await this.dispatchDue();
      } catch (error) {
        this.logger.warn(
          `claiming deliveries failed: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      if (!this.claimWanted) await this.pause.sleep(POLL_MS);
    }
  }

  /** LISTEN for new deliveries (again after PostgreSQL comes back); while it is away the poll still finds them. */
  private async listen(): Promise<void> {
    this.listener = new NotificationListener({
      databaseUrl: this.options.config.DATABASE_URL,
      channel: DELIVERY_CHANNEL,
      onNotification: () => this.wantClaim(),
      // Deliveries written while nobody listened are found by the claim this triggers.
      onListening: () => this.wantClaim(),
      log: (message) => this.logger.warn(`${message} (polling every ${POLL_MS} ms meanwhile)`),
    });
    await this.listener.start();
  }
}
