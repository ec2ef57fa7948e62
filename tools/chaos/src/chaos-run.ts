/**
 * One run of the fault-injection suite: the platform as separate processes, a bounded mixed load
 * through the gateway, the faults one after another, then, once the event pipeline has settled, the
 * checks and the report.
 */
import { startHarnessPlatform } from '@platform/platform-launcher';
import { apiClient } from './api-client';
import type { ApiClient } from './api-client';
import { checkEverything, waitForSettledPipeline } from './checks';
import { runFaults } from './faults';
import { createJournal } from './journal';
import { kafkaView } from './kafka-view';
import { startLoad } from './load';
import type { LoadOptions } from './load';
import type { Recovery } from './recovery';
import { runReplicaFaults } from './replica-faults';
import type { ReplicaFaultPlan } from './replica-faults';
import { buildReport } from './report';
import type { Takeover } from './takeover';
import { startWebhookReceiver } from './webhook-receiver';
import type { ChaosReport } from './report';

export interface ChaosPlan extends ReplicaFaultPlan, LoadOptions {
  /** How long a call of the load retries before it gives up. */
  retryForMs: number;
  /** How long one attempt of a call may take before it counts as a timeout. */
  callTimeoutMs: number;
  /**
   * A call that takes longer than this to get through, retries included, counts as slow (a
   * target): every part is down 10 s at most, and back within 10 s.
   */
  slowCallMs: number;
  /** How long the event pipeline may take to settle once the load stops. */
  settleMs: number;
  /** Where the processes' logs are copied at the end (else they go with the data directory). */
  keepLogsIn?: string;
  /**
   * Replica mode (2): each service runs two replicas behind round-robin fronts, and each fault
   * kills one replica of a service (the faults are services then); default 1.
   */
  replicas?: number;
}

/** `npm run chaos`: every part, each down for 10 s, about six minutes in all. */
export const FULL_PLAN: ChaosPlan = {
  workers: 6,
  clockEveryMs: 20_000,
  // Past the 90 s after which the gateway takes over a key a dead replica left in flight.
  retryForMs: 120_000,
  callTimeoutMs: 10_000,
  slowCallMs: 30_000,
  warmupMs: 15_000,
  downMs: 10_000,
  afterMs: 15_000,
  limitMs: 60_000,
  settleMs: 120_000,
  faults: ['broker', 'gateway', 'billing', 'payments', 'settlements', 'webhooks', 'postgres'],
};

/** The version `npm test` runs (about two minutes): one broker kill, one service kill, one PostgreSQL restart. */
export const SHORT_PLAN: ChaosPlan = {
  workers: 3,
  clockEveryMs: 10_000,
  retryForMs: 40_000,
  // The short runs share the machine with the rest of npm test, where a call can take over 10 s
  // without anything being wrong; the full runs, on a machine of their own, keep 10 s.
  callTimeoutMs: 20_000,
  // One attempt may take those 20 s and its retry more: 30 s, the full runs' figure, counted three
  // calls as slow in one npm test whose other suites loaded the machine.
  slowCallMs: 45_000,
  warmupMs: 5_000,
  downMs: 4_000,
  afterMs: 4_000,
  limitMs: 30_000,
  settleMs: 45_000,
  faults: ['broker', 'payments', 'postgres'],
};

/** `npm run chaos -- --replicas`: each service at two replicas, one killed in turn, about six minutes. */
export const REPLICA_PLAN: ChaosPlan = {
  ...FULL_PLAN,
  replicas: 2,
  faults: ['gateway', 'billing', 'payments', 'settlements', 'webhooks'],
};

/**
 * The replica run under jest (about two minutes): one replica of payments, then of webhooks, each
 * left down once the survivor has taken over (the restart is the full run's to show).
 */
export const SHORT_REPLICA_PLAN: ChaosPlan = {
  ...SHORT_PLAN,
  replicas: 2,
  faults: ['payments', 'webhooks'],
  leaveKilledDown: true,
};

export async function runChaos(plan: ChaosPlan, log: (line: string) => void): Promise<ChaosReport> {
  const started = Date.now();
  const platform = await startHarnessPlatform({
    name: 'chaos',
    logLevel: process.env['CHAOS_LOG_LEVEL'] ?? 'info',
    keepLogsIn: plan.keepLogsIn,
    replicas: plan.replicas,
  });
  const replicaMode = (plan.replicas ?? 1) > 1;
  // Replica mode: the webhooks service has deliveries to share, to this endpoint.
  const receiver = replicaMode ? await startWebhookReceiver() : null;
  try {
    log(
      `platform ready in ${((Date.now() - started) / 1000).toFixed(1)} s (data in ${platform.dataDir})`,
    );
    const journal = createJournal(plan.slowCallMs);
    const kafka = kafkaView(platform.kafkaBrokers);
    const authorization = `Basic ${Buffer.from(`${platform.account.test.id}:${platform.account.test.secret}`).toString('base64')}`;
    const api = apiClient({
      baseUrl: platform.baseUrl,
      authorization,
      journal,
      timeoutMs: plan.callTimeoutMs,
      retryForMs: plan.retryForMs,
    });
    if (receiver) await subscribe(api, receiver.url);
    const load = startLoad(api, plan);
    let recoveries: Recovery[] = [];
    let takeovers: Takeover[] | undefined;
    try {
      if (replicaMode) takeovers = await runReplicaFaults(platform, journal, kafka, api, plan, log);
      else recoveries = await runFaults(platform, journal, kafka, plan, log);
    } finally {
      journal.enter('settling', null);
      await load.stop();
    }
    log('load stopped; waiting for the event pipeline to settle');
    const pipelineSettled = await waitForSettledPipeline(platform, kafka, plan.settleMs);
    log(
      pipelineSettled
        ? 'settled; checking'
        : `not settled within ${plan.settleMs / 1000} s; checking anyway`,
    );
    const checks = await checkEverything(platform, kafka, load.writes);
    await kafka.close();
    if (receiver) log(`${receiver.received()} webhook deliveries received`);
    return buildReport({
      writes: load.writes,
      journal,
      recoveries,
      takeovers,
      checks,
      pipelineSettled,
    });
  } finally {
    await receiver?.close();
    await platform.stop();
    log(`done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  }
}

/** A webhook for the load's captures and refunds, to the harness's receiver. */
async function subscribe(api: ApiClient, url: string): Promise<void> {
  const created = await api('POST', '/v1/webhooks', {
    url,
    events: ['payment.captured', 'refund.created'],
  });
  if (created?.status !== 200)
    throw new Error(`the webhook was not created: ${JSON.stringify(created?.body ?? null)}`);
}
