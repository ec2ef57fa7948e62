import type { TopicDeclaration } from '@platform/contracts';
import type { Admin } from 'kafkajs';

/** What `provision-topics` found and did, topic by topic. */
export interface ProvisioningReport {
  created: string[];
  /** Topics that exist as declared. */
  unchanged: string[];
  /** Differences a provisioning run does not repair on its own (they need an operator's decision). */
  drift: { topic: string; setting: string; declared: string; actual: string }[];
  /** Why configs were not compared, when the cluster does not describe them. */
  configsUnchecked: string | null;
}

export interface ProvisioningOptions {
  /** Instead of the declared one, e.g. 1 on a single-broker development cluster. */
  replicationFactor?: number;
  /** Report only: create nothing. */
  dryRun?: boolean;
}

/**
 * Creates the declared topics the cluster lacks and reports how existing ones differ from their
 * declaration (partitions, replication factor, configs). Idempotent: a second run creates nothing.
 * Drift is reported, never "fixed": fewer partitions cannot be, and more would move keys between
 * partitions, breaking each entity's order for consumers still reading the old ones.
 */
export async function provisionTopics(
  admin: Admin,
  declarations: readonly TopicDeclaration[],
  options: ProvisioningOptions = {},
): Promise<ProvisioningReport> {
  const existing = new Set(await admin.listTopics());
  const missing = declarations.filter((topic) => !existing.has(topic.name));
  const present = declarations.filter((topic) => existing.has(topic.name));
  if (missing.length > 0 && !options.dryRun)
    await admin.createTopics({
      waitForLeaders: true,
      topics: missing.map((topic) => ({
        topic: topic.name,
        numPartitions: topic.partitions,
        replicationFactor: options.replicationFactor ?? topic.replicationFactor,
        configEntries: Object.entries(topic.config).map(([name, value]) => ({ name, value })),
      })),
    });
  const drift = await shapeDrift(admin, present, options);
  const configs = await configDrift(admin, present);
  const drifted = new Set([...drift, ...configs.drift].map((entry) => entry.topic));
  return {
    created: missing.map((topic) => topic.name),
    unchanged: present.map((topic) => topic.name).filter((name) => !drifted.has(name)),
    drift: [...drift, ...configs.drift],
    configsUnchecked: configs.unchecked,
  };
}

/** The declared topics the cluster lacks (for a service that may not create them itself). */
export async function missingTopics(admin: Admin, names: readonly string[]): Promise<string[]> {
  const existing = new Set(await admin.listTopics());
  return names.filter((name) => !existing.has(name));
}

async function shapeDrift(
  admin: Admin,
  present: readonly TopicDeclaration[],
  options: ProvisioningOptions,
): Promise<ProvisioningReport['drift']> {
  if (present.length === 0) return [];
  const { topics } = await admin.fetchTopicMetadata({ topics: present.map((topic) => topic.name) });
  return topics.flatMap((actual) => {
    const declared = present.find((topic) => topic.name === actual.name) as TopicDeclaration;
    const replicas = actual.partitions[0]?.replicas.length ?? 0;
    const wanted = options.replicationFactor ?? declared.replicationFactor;
    return [
      ...(actual.partitions.length !== declared.partitions
        ? [entry(actual.name, 'partitions', declared.partitions, actual.partitions.length)]
        : []),
      ...(replicas !== wanted ? [entry(actual.name, 'replication factor', wanted, replicas)] : []),
    ];
  });
}

async function configDrift(
  admin: Admin,
  present: readonly TopicDeclaration[],
): Promise<{ drift: ProvisioningReport['drift']; unchecked: string | null }> {
  if (present.length === 0) return { drift: [], unchecked: null };
  let described;
  try {
    described = await admin.describeConfigs({
      includeSynonyms: false,
      resources: present.map((topic) => ({ type: 2 /* TOPIC */, name: topic.name })),
    });
  } catch (error) {
    return { drift: [], unchecked: error instanceof Error ? error.message : String(error) };
  }
  const drift = described.resources.flatMap((resource) => {
    const declared = present.find((topic) => topic.name === resource.resourceName);
    if (!declared) return [];
    return Object.entries(declared.config).flatMap(([name, value]) => {
      const actual = resource.configEntries.find(
        (config) => config.configName === name,
      )?.configValue;
      return actual === undefined || actual === value
        ? []
        : [entry(declared.name, name, value, actual)];
    });
  });
  return { drift, unchecked: null };
}

function entry(topic: string, setting: string, declared: string | number, actual: string | number) {
  return { topic, setting, declared: String(declared), actual: String(actual) };
}
