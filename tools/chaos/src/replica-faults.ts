/**
 * Replica mode's faults, one service after another under the load: kill -9 one of its two replicas
 * (the relay leader), give the survivor due work the load does not make (billing: an e-mailed
 * invoice; settlements: a day on the test clock, which makes a settlement cycle due; payments'
 * instant refunds and the webhook deliveries come with the load), measure the takeover, and only
 * then start the killed replica again, as Kubernetes replaces a dead pod, before the next service
 * (unless the plan leaves it down: the short run, whose next kill is of another service). The
 * harness restarts it, not the launcher's supervision: the takeover is measured with one replica
 * left, and for as long as it takes.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { HarnessPlatform, ServiceName } from '@platform/platform-launcher';
import type { ApiClient } from './api-client';
import type { FaultPlan } from './faults';

export interface ReplicaFaultPlan extends FaultPlan {
  /**
   * Leave each killed replica down instead of starting it again once its takeover is measured
   * (default false). Each kill is of another service, so the takeovers are measured all the same,
   * without waiting for the restarts (up to 30 s each on a loaded 2-core machine).
   */
  leaveKilledDown?: boolean;
}
import type { Journal } from './journal';
import type { KafkaView } from './kafka-view';
import type { Takeover } from './takeover';
import { beforeKill, measureTakeover } from './takeover';

const DAY = 86_400;

export async function runReplicaFaults(
  platform: HarnessPlatform,
  journal: Journal,
  kafka: KafkaView,
  api: ApiClient,
  plan: ReplicaFaultPlan,
  log: (line: string) => void,
): Promise<Takeover[]> {
  const takeovers: Takeover[] = [];
  journal.enter('steady', null);
  const customer = await api('POST', '/v1/customers', {
    name: 'Chaos Replica Probe',
    email: `chaos.replicas.${Date.now()}@example.com`,
  });
  const customerId = customer?.status === 200 ? String(customer.body['id']) : null;
  await sleep(plan.warmupMs);
  for (const part of plan.faults) {
    const service = part as ServiceName;
    const before = await beforeKill(platform, kafka, service);
    const label = before.killed.label;
    journal.enter(`${label} down`, service);
    const killedAt = Date.now();
    await platform.killReplica(service, before.killed.replica);
    log(`${label}: killed${before.ledRelay ? ' (it led the relay)' : ''}`);
    const work = giveDueWork(api, service, customerId);
    const measured = await measureTakeover(platform, kafka, before, killedAt, plan.limitMs);
    await sleep(Math.max(0, killedAt + plan.downMs - Date.now()));
    await work;
    if (!plan.leaveKilledDown) {
      platform.startService(service);
      await platform.replicaReady(service, before.killed.replica);
    }
    const takeover: Takeover = {
      ...measured,
      downMs: plan.leaveKilledDown ? null : Date.now() - killedAt,
    };
    takeovers.push(takeover);
    log(
      `${label}: ${takeover.downMs === null ? 'left down' : `back after ${seconds(takeover.downMs)}`}; taken over: ${describe(takeover)}`,
    );
    journal.enter(`after ${label}`, null);
    await sleep(plan.afterMs);
  }
  return takeovers;
}

/**
 * A due job for the survivor's scheduler where the load makes none. Only for settlements is the
 * clock moved: a service runs test-mode work by the clock it has consumed, so for the others a move
 * would hold their jobs until the dead replica's partitions were taken over.
 */
async function giveDueWork(
  api: ApiClient,
  service: ServiceName,
  customerId: string | null,
): Promise<void> {
  if (service === 'settlements') await api('POST', '/v1/simulator/clock/advance', { seconds: DAY });
  if (service === 'billing' && customerId)
    await api('POST', '/v1/invoices', {
      type: 'invoice',
      customer_id: customerId,
      line_items: [{ name: 'Replica probe', amount: 10_000, currency: 'INR', quantity: 1 }],
      sms_notify: 0,
      email_notify: 1,
    });
}

const seconds = (ms: number | null) => (ms === null ? 'never' : `${(ms / 1000).toFixed(1)} s`);

function describe(takeover: Takeover): string {
  const parts: [string, number | null | undefined][] = [
    ['serving', takeover.servingMs],
    ['relay', takeover.relayMs],
    ['consumers', takeover.consumingMs],
    ['due jobs', takeover.dueJobsMs],
    ['deliveries', takeover.deliveriesMs],
  ];
  return parts
    .filter(([, ms]) => ms !== undefined)
    .map(([name, ms]) => `${name} ${seconds(ms ?? null)}`)
    .join(', ');
}
