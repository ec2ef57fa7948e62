import { Inject, Injectable, Logger } from '@nestjs/common';
import type { OnModuleInit } from '@nestjs/common';
import { TOPIC_DECLARATIONS } from '@platform/contracts';
import { KafkaEventConsumer, missingTopics, provisionTopics } from '@platform/messaging';
import type { ProvisioningReport } from '@platform/messaging';
import type { ServiceConfig } from './config';
import { kafkaAdmin } from './kafka-admin';

/** How long the check at start waits for the cluster before it lets the service start unchecked. */
const CHECK_WITHIN_MS = 10_000;

export const KAFKA_TOPICS_OPTIONS = Symbol('KAFKA_TOPICS_OPTIONS');

export interface KafkaTopicsOptions {
  service: string;
  config: ServiceConfig;
}

/**
 * Where the cluster may not create topics (KAFKA_AUTO_CREATE_TOPICS=false), a service must not start
 * without the topics it publishes (declared in libs/contracts) and reads (its handlers'): it would
 * take writes whose events could never leave the outbox. A cluster that cannot be reached within
 * CHECK_WITHIN_MS is not a reason to stay down (writes go on through the outbox): the service starts
 * and says it did not check.
 */
@Injectable()
export class KafkaTopicsCheck implements OnModuleInit {
  private readonly logger = new Logger('KafkaTopics');

  constructor(
    @Inject(KAFKA_TOPICS_OPTIONS) private readonly options: KafkaTopicsOptions,
    private readonly consumer: KafkaEventConsumer,
  ) {}

  async onModuleInit(): Promise<void> {
    const { config, service } = this.options;
    if (config.KAFKA_AUTO_CREATE_TOPICS) return;
    const needed = [
      ...new Set([
        ...TOPIC_DECLARATIONS.filter((topic) => topic.producer === service).map(
          (topic) => topic.name,
        ),
        ...this.consumer.subscribedTopics(),
      ]),
    ];
    if (needed.length === 0) return;
    const admin = kafkaAdmin(config, service);
    let missing: string[];
    try {
      missing = await withinTime(
        (async () => (await admin.connect(), await missingTopics(admin, needed)))(),
        CHECK_WITHIN_MS,
      );
    } catch (error) {
      this.logger.warn(`topics not checked: the Kafka cluster did not answer (${String(error)})`);
      return;
    } finally {
      await admin.disconnect().catch(() => undefined);
    }
    if (missing.length > 0)
      throw new Error(
        `Kafka topics missing and KAFKA_AUTO_CREATE_TOPICS=false: ${missing.join(', ')}. ` +
          'Create them with `node main.js provision-topics` (or the KafkaTopic resources in deploy/).',
      );
  }
}

/**
 * `node main.js provision-topics [--dry-run] [--replication-factor N]`: creates every declared topic
 * the cluster lacks, reports drift, exits 0 (2 when there is drift, 1 on failure). Any service's
 * image can run it: the declarations are the platform's, not the service's.
 */
export async function provisionTopicsCommand(
  config: ServiceConfig,
  service: string,
  args: readonly string[],
  out: NodeJS.WritableStream,
): Promise<number> {
  const factor = args.includes('--replication-factor')
    ? Number(args[args.indexOf('--replication-factor') + 1])
    : undefined;
  if (factor !== undefined && !(Number.isInteger(factor) && factor >= 1)) {
    out.write('--replication-factor must be a positive integer\n');
    return 1;
  }
  const admin = kafkaAdmin(config, service, { connectionTimeout: 10_000 });
  try {
    await admin.connect();
    const report = await provisionTopics(admin, TOPIC_DECLARATIONS, {
      replicationFactor: factor,
      dryRun: args.includes('--dry-run'),
    });
    out.write(describe(report, args.includes('--dry-run')));
    return report.drift.length > 0 ? 2 : 0;
  } catch (error) {
    out.write(`provisioning failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

function describe(report: ProvisioningReport, dryRun: boolean): string {
  const lines = [
    `${dryRun ? 'would create' : 'created'}: ${report.created.join(', ') || 'none'}`,
    `as declared: ${report.unchanged.join(', ') || 'none'}`,
    ...report.drift.map(
      (entry) =>
        `drift: ${entry.topic} ${entry.setting} is ${entry.actual}, declared ${entry.declared}`,
    ),
    ...(report.configsUnchecked ? [`configs not compared: ${report.configsUnchecked}`] : []),
  ];
  return `${lines.join('\n')}\n`;
}

function withinTime<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}
