/**
 * With two replicas of each service: how long, after one replica is killed, until the other has
 * taken over each piece of work the design shares between replicas. From the kill, polled every
 * 200 ms (a field is absent where the service has no such work; null: not within the limit):
 * - serving: a request through the gateway that needs the service succeeds (its front skips the dead replica);
 * - relay: the outbox relay's advisory lock is held by a live replica and no outbox row waits more
 *   than 2 s (the replica killed is the one holding it, so that the relay has to move);
 * - consuming: the dead replica's consumers have left the service's group and the group has caught
 *   up with the ends of Kafka as they were then (its partitions went to the survivor);
 * - due jobs: a survivor ran a due job (its `due_jobs_run_total` grew);
 * - deliveries: a survivor attempted a webhook delivery (its `webhook_attempts_total` grew).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import type { HarnessPlatform, ReplicaView, ServiceName } from '@platform/platform-launcher';
import type { KafkaView, Offsets } from './kafka-view';
import { answersThroughGateway } from './recovery';

export interface Takeover {
  service: ServiceName;
  /** The replica killed (its label). */
  killed: string;
  /** Whether it was the one publishing the outbox (the relay leader) when it was killed. */
  ledRelay: boolean;
  /**
   * From the kill to the replica being ready again (the harness restarts it once the takeover is
   * measured); null when the plan leaves it down (the short run).
   */
  downMs: number | null;
  servingMs: number | null;
  relayMs?: number | null;
  consumingMs?: number | null;
  dueJobsMs?: number | null;
  deliveriesMs?: number | null;
}

/** The services whose schedulers have due jobs of their own (the gateway and webhooks have none). */
const SCHEDULERS: readonly ServiceName[] = ['billing', 'payments', 'settlements'];
/** Which counter of a replica's /metrics shows it doing each kind of shared work. */
const WORK_COUNTERS = { dueJobs: 'due_jobs_run_total', deliveries: 'webhook_attempts_total' };

export type TakeoverField = 'servingMs' | 'relayMs' | 'consumingMs' | 'dueJobsMs' | 'deliveriesMs';
export const TAKEOVER_FIELDS: readonly TakeoverField[] = [
  'servingMs',
  'relayMs',
  'consumingMs',
  'dueJobsMs',
  'deliveriesMs',
];

/** What was true just before the kill, to compare with. */
export interface BeforeKill {
  service: ServiceName;
  killed: ReplicaView;
  survivors: ReplicaView[];
  ledRelay: boolean;
  /** Whether a replica held the relay lock before the kill (webhooks runs no relay: it publishes nothing). */
  hasRelay: boolean;
  groups: string[];
  /** The survivors' counters of due jobs run and delivery attempts. */
  counts: { dueJobs: number; deliveries: number };
}

/** The replica to kill: the relay leader (so that the relay has to move), else the first. */
export async function beforeKill(
  platform: HarnessPlatform,
  kafka: KafkaView,
  service: ServiceName,
): Promise<BeforeKill> {
  const replicas = platform.replicasOf(service);
  const relay = await relayState(platform, service);
  const killed = replicas.find((r) => r.label === relay?.leader) ?? replicas[0];
  const survivors = replicas.filter((r) => r !== killed);
  const groups = (await kafka.groups().catch(() => [] as string[])).filter((g) => g === service);
  return {
    service,
    killed,
    survivors,
    ledRelay: relay?.leader === killed.label,
    hasRelay: relay !== null && relay.leader !== null,
    groups,
    counts: await survivorCounts(survivors),
  };
}

export async function measureTakeover(
  platform: HarnessPlatform,
  kafka: KafkaView,
  before: BeforeKill,
  killedAt: number,
  limitMs: number,
): Promise<Omit<Takeover, 'downMs'>> {
  const since = () => Date.now() - killedAt;
  const { service, killed } = before;
  const takeover: Omit<Takeover, 'downMs'> = {
    service,
    killed: killed.label,
    ledRelay: before.ledRelay,
    servingMs: null,
    ...(before.hasRelay ? { relayMs: null } : {}),
    ...(before.groups.length > 0 ? { consumingMs: null } : {}),
    ...(SCHEDULERS.includes(service) ? { dueJobsMs: null } : {}),
    ...(service === 'webhooks' ? { deliveriesMs: null } : {}),
  };
  const pending = () => TAKEOVER_FIELDS.filter((field) => takeover[field] === null);
  let marks: Offsets | null = null;
  while (since() < limitMs && pending().length > 0) {
    const waiting = pending();
    if (waiting.includes('servingMs') && (await answersThroughGateway(platform, service)))
      takeover.servingMs = since();
    if (waiting.includes('relayMs')) {
      const relay = await relayState(platform, service);
      if (relay && relay.leader !== null && relay.leader !== killed.label && relay.stuck === 0)
        takeover.relayMs = since();
    }
    if (waiting.includes('consumingMs')) {
      if (marks === null && (await deadMembersGone(kafka, before.groups, killed.label)))
        marks = await kafka.ends().catch(() => null);
      if (marks !== null && (await caughtUp(kafka, before.groups, marks)))
        takeover.consumingMs = since();
    }
    if (waiting.includes('dueJobsMs') || waiting.includes('deliveriesMs')) {
      const counts = await survivorCounts(before.survivors);
      if (waiting.includes('dueJobsMs') && counts.dueJobs > before.counts.dueJobs)
        takeover.dueJobsMs = since();
      if (waiting.includes('deliveriesMs') && counts.deliveries > before.counts.deliveries)
        takeover.deliveriesMs = since();
    }
    await sleep(200);
  }
  return takeover;
}

/**
 * Who holds the service's relay lock (the application_name each replica's sessions carry) and how
 * many outbox rows have waited more than 2 s; null when the service has no outbox or its database
 * cannot be read.
 */
async function relayState(
  platform: HarnessPlatform,
  service: ServiceName,
): Promise<{ leader: string | null; stuck: number } | null> {
  const client = new pg.Client({
    connectionString: platform.databaseUrl(service),
    connectionTimeoutMillis: 1000,
  });
  try {
    await client.connect();
    const { rows } = await client.query<{ leader: string | null; stuck: number }>(
      `SELECT (SELECT a.application_name FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid
                WHERE l.locktype = 'advisory' AND l.granted AND l.objsubid = 1
                  AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())
                  AND (l.classid::bigint << 32 | l.objid::bigint) = hashtext($1)::bigint
                LIMIT 1) AS leader,
              (SELECT count(*)::int FROM outbox
                WHERE published_at IS NULL AND created_at < now() - interval '2 seconds') AS stuck`,
      [`outbox-relay:${service}`],
    );
    return rows[0];
  } catch {
    return null; // no outbox table, or PostgreSQL not reachable: no relay to look at
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function deadMembersGone(
  kafka: KafkaView,
  groups: readonly string[],
  killed: string,
): Promise<boolean> {
  for (const group of groups) {
    const clients = await kafka.clients(group).catch(() => null);
    if (!clients || clients.length === 0 || clients.includes(killed)) return false;
  }
  return true;
}

async function caughtUp(kafka: KafkaView, groups: readonly string[], marks: Offsets) {
  for (const group of groups)
    if (!(await kafka.caughtUp(group, marks).catch(() => false))) return false;
  return true;
}

async function survivorCounts(
  survivors: readonly ReplicaView[],
): Promise<{ dueJobs: number; deliveries: number }> {
  const counts = { dueJobs: 0, deliveries: 0 };
  for (const survivor of survivors) {
    const scrape = await fetch(survivor.metricsUrl, { signal: AbortSignal.timeout(2000) })
      .then((response) => response.text())
      .catch(() => '');
    counts.dueJobs += counterTotal(scrape, WORK_COUNTERS.dueJobs);
    counts.deliveries += counterTotal(scrape, WORK_COUNTERS.deliveries);
  }
  return counts;
}

/** The sum of a counter's series in a Prometheus scrape. */
export function counterTotal(scrape: string, name: string): number {
  let total = 0;
  for (const line of scrape.split('\n'))
    if (line.startsWith(`${name}{`) || line.startsWith(`${name} `))
      total += Number(line.slice(line.lastIndexOf(' ') + 1)) || 0;
  return total;
}
