/**
 * How long a part takes to serve again after it returns: to readiness (`/health/ready`), to the first
 * successful request through the gateway that needs it, and to its consumers having caught up with
 * what was on Kafka when it returned (a restarted service's consumers: as new members of their
 * group, the dead ones gone). Probes poll every 200 ms; none counts as client traffic.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { SERVICES } from '@platform/platform-launcher';
import type { HarnessPlatform, ServiceName } from '@platform/platform-launcher';
import type { KafkaView, Offsets } from './kafka-view';

export type Part = ServiceName | 'broker' | 'postgres';

export interface Recovery {
  part: Part;
  downMs: number;
  /** From the part's return (restarted, or accepting connections again) to… (null: not within the limit) */
  readyMs: number | null;
  servingMs: number | null;
  consumingMs: number | null;
  /** The consumer groups that had to catch up (none for the gateway). */
  groups: readonly string[];
}

/** A request through the gateway that only succeeds when the service behind it serves. */
const GATEWAY_PROBES: Record<ServiceName, (platform: HarnessPlatform) => string> = {
  gateway: (platform) => `/admin/v1/accounts/${platform.account.accountId}`,
  billing: () => '/v1/customers?count=1',
  payments: () => '/v1/orders?count=1',
  settlements: () => '/v1/settlements?count=1',
  webhooks: () => '/v1/webhooks',
};

/** Who must be serving again after each part returns: a service itself; everyone after the broker or PostgreSQL. */
const dependents = (part: Part): readonly ServiceName[] =>
  part === 'broker' || part === 'postgres' ? SERVICES : [part];

/** The consumer groups of the services that must serve again after `part` (a group is named after its service). */
export async function groupsAfter(kafka: KafkaView, part: Part): Promise<string[]> {
  const services: readonly string[] = dependents(part);
  return (await kafka.groups().catch(() => [] as string[])).filter((group) =>
    services.includes(group),
  );
}

/** Every member of the groups, before a fault: a killed service's consumers have resumed once none of its old members is left. */
export async function membersOf(kafka: KafkaView, groups: readonly string[]): Promise<Set<string>> {
  const members = new Set<string>();
  for (const group of groups)
    for (const member of await kafka.members(group).catch(() => [] as string[]))
      members.add(member);
  return members;
}

export async function measureRecovery(
  platform: HarnessPlatform,
  kafka: KafkaView,
  part: Part,
  timing: {
    downMs: number;
    returnedAt: number;
    limitMs: number;
    groups: readonly string[];
    membersBefore: ReadonlySet<string>;
  },
): Promise<Recovery> {
  const since = () => Date.now() - timing.returnedAt;
  const services = dependents(part);
  const { groups } = timing;
  // A killed service's group must have new members (its dead ones evicted); the broker and PostgreSQL kill no consumer.
  const resumed = async () =>
    part === 'broker' ||
    part === 'postgres' ||
    (await newMembersOnly(kafka, groups, timing.membersBefore));
  const recovery: Recovery = {
    part,
    downMs: timing.downMs,
    readyMs: null,
    servingMs: null,
    consumingMs: groups.length === 0 ? 0 : null,
    groups,
  };
  // After the broker, consumers must catch up with what the outbox published once it was back (written while it was down).
  let marks: Offsets | null = part === 'broker' ? null : await kafka.ends().catch(() => null);
  const outboxSince = new Date(timing.returnedAt);
  while (
    since() < timing.limitMs &&
    (recovery.readyMs === null || recovery.servingMs === null || recovery.consumingMs === null)
  ) {
    if (
      recovery.readyMs === null &&
      (await everyOk(services.map((service) => `${platform.serviceUrl(service)}/health/ready`)))
    )
      recovery.readyMs = since();
    if (recovery.servingMs === null && (await serving(platform, part, services, outboxSince)))
      recovery.servingMs = since();
    if (marks === null && (part !== 'broker' || recovery.servingMs !== null))
      marks = await kafka.ends().catch(() => null);
    if (
      recovery.consumingMs === null &&
      marks !== null &&
      (await allCaughtUp(kafka, groups, marks)) &&
      (await resumed())
    )
      recovery.consumingMs = since();
    await sleep(200);
  }
  return recovery;
}

/** Through the gateway for a service; for the broker, every outbox has published what was written before it returned. */
async function serving(
  platform: HarnessPlatform,
  part: Part,
  services: readonly ServiceName[],
  before: Date,
): Promise<boolean> {
  const answered = await Promise.all(
    services.map((service) => answersThroughGateway(platform, service)),
  );
  if (!answered.every(Boolean)) return false;
  return part !== 'broker' || (await outboxesPublished(platform, before));
}

/** A request through the gateway that needs `service` succeeds. */
export async function answersThroughGateway(
  platform: HarnessPlatform,
  service: ServiceName,
): Promise<boolean> {
  const authorization =
    service === 'gateway'
      ? `Bearer ${platform.adminToken}`
      : `Basic ${Buffer.from(`${platform.account.test.id}:${platform.account.test.secret}`).toString('base64')}`;
  return get(`${platform.baseUrl}${GATEWAY_PROBES[service](platform)}`, { authorization });
}

async function outboxesPublished(platform: HarnessPlatform, before: Date): Promise<boolean> {
  for (const service of SERVICES) {
    const client = new pg.Client({
      connectionString: platform.databaseUrl(service),
      connectionTimeoutMillis: 1000,
    });
    try {
      await client.connect();
      const { rows } = await client.query<{ waiting: number }>(
        'SELECT count(*)::int AS waiting FROM outbox WHERE published_at IS NULL AND created_at < $1',
        [before],
      );
      if (rows[0].waiting > 0) return false;
    } catch (error) {
      if ((error as { code?: string }).code !== '42P01') return false; // no outbox table: nothing to publish
    } finally {
      await client.end().catch(() => undefined);
    }
  }
  return true;
}

async function newMembersOnly(
  kafka: KafkaView,
  groups: readonly string[],
  before: ReadonlySet<string>,
): Promise<boolean> {
  for (const group of groups) {
    const members = await kafka.members(group).catch(() => null);
    if (!members || members.length === 0 || members.some((member) => before.has(member)))
      return false;
  }
  return true;
}

async function allCaughtUp(
  kafka: KafkaView,
  groups: readonly string[],
  marks: Offsets,
): Promise<boolean> {
  for (const group of groups)
    if (!(await kafka.caughtUp(group, marks).catch(() => false))) return false;
  return true;
}

async function everyOk(urls: readonly string[]): Promise<boolean> {
  return (await Promise.all(urls.map((url) => get(url, {})))).every(Boolean);
}

async function get(url: string, headers: Record<string, string>): Promise<boolean> {
  try {
    const response = await fetch(url, { headers, signal: AbortSignal.timeout(2000) });
    await response.arrayBuffer();
    return response.ok;
  } catch {
    return false;
  }
}
