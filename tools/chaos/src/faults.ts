/**
 * The faults, one after another under the load: kill -9 the broker and start it again; kill -9 each
 * service in turn and start it again; stop PostgreSQL (fast shutdown) and start it again. Each part
 * stays down for a while, then its recovery is measured, then the load runs on before the next fault.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { HarnessPlatform, ServiceName } from '@platform/platform-launcher';
import type { Journal } from './journal';
import type { KafkaView } from './kafka-view';
import type { Part, Recovery } from './recovery';
import { groupsAfter, measureRecovery, membersOf } from './recovery';

export interface FaultPlan {
  /** Load before the first fault. */
  warmupMs: number;
  /** How long each part stays down. */
  downMs: number;
  /** Load after a part has recovered, before the next fault. */
  afterMs: number;
  /** The most a part may take to serve again before the harness gives up on it (the target is 10 s). */
  limitMs: number;
  faults: readonly Part[];
}

export async function runFaults(
  platform: HarnessPlatform,
  journal: Journal,
  kafka: KafkaView,
  plan: FaultPlan,
  log: (line: string) => void,
): Promise<Recovery[]> {
  const recoveries: Recovery[] = [];
  journal.enter('steady', null);
  await sleep(plan.warmupMs);
  for (const part of plan.faults) {
    const groups = await groupsAfter(kafka, part);
    const membersBefore = await membersOf(kafka, groups);
    journal.enter(`${part} down`, part);
    const downAt = Date.now();
    await takeDown(platform, part);
    log(`${part}: down`);
    await sleep(plan.downMs);
    const returnedAt = await bringBack(platform, part);
    const recovery = await measureRecovery(platform, kafka, part, {
      downMs: returnedAt - downAt,
      returnedAt,
      limitMs: plan.limitMs,
      groups,
      membersBefore,
    });
    recoveries.push(recovery);
    log(
      `${part}: back; ready ${seconds(recovery.readyMs)}, serving ${seconds(recovery.servingMs)}, consuming ${seconds(recovery.consumingMs)}`,
    );
    journal.enter(`after ${part}`, null);
    await sleep(plan.afterMs);
  }
  return recoveries;
}

async function takeDown(platform: HarnessPlatform, part: Part): Promise<void> {
  if (part === 'broker') return platform.killBroker();
  if (part === 'postgres') return platform.stopPostgres();
  return platform.killService(part as ServiceName);
}

/** Starts the part again; resolves with the moment it returned (a service: started; the broker: accepting connections; PostgreSQL: ready). */
async function bringBack(platform: HarnessPlatform, part: Part): Promise<number> {
  if (part === 'broker') await platform.startBroker();
  else if (part === 'postgres') await platform.startPostgres();
  else platform.startService(part as ServiceName);
  return Date.now();
}

const seconds = (ms: number | null) =>
  ms === null ? 'not within the limit' : `${(ms / 1000).toFixed(1)} s`;
