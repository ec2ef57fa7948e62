import { Injectable, Logger } from '@nestjs/common';
import type { BeforeApplicationShutdown, OnApplicationShutdown } from '@nestjs/common';
import type { KafkaContext } from '@nestjs/microservices';
import { envelopeProblem } from '@platform/contracts';
import type { IntegrationEvent } from '@platform/contracts';

const MAX_BACKOFF_MS = 5000;
/** Offsets are committed after this many handled messages, or this long after the first of them. */
const COMMIT_EVERY_MESSAGES = 100;
const COMMIT_WITHIN_MS = 500;

type KafkaConsumer = ReturnType<KafkaContext['getConsumer']>;

/**
 * What every Kafka handler does around its own work: refuse messages that are not valid envelopes
 * (logged and skipped, so one bad message cannot block its partition), retry the work while the
 * failure is ours (database down, …), and commit offsets only for work that committed. Commits are
 * gathered (every 100 messages or 500 ms): after a crash the last few messages come again, which the
 * handlers' inbox makes harmless, and the broker is not asked to commit once per message.
 */
@Injectable()
export class ReliableConsumer implements BeforeApplicationShutdown, OnApplicationShutdown {
  private readonly logger = new Logger('ReliableConsumer');
  private stopping = false;
  private readonly pending = new Map<string, { consumer: KafkaConsumer; topic: string; partition: number; offset: string }>();
  private handled = 0;
  private timer: NodeJS.Timeout | null = null;

  async consume<E extends IntegrationEvent>(context: KafkaContext, payload: unknown, work: (event: E) => Promise<void>, check?: (event: E) => string | null): Promise<void> {
    const problem = envelopeProblem(payload) ?? check?.(payload as E) ?? null;
    if (problem) {
      this.logger.error(`skipping an unusable message on ${context.getTopic()}/${context.getPartition()}@${context.getMessage().offset}: ${problem}`);
    } else if (!(await this.untilDone(() => work(payload as E), context))) {
      return; // shutting down: the offset stays uncommitted and the message is delivered again
    }
    await this.markHandled(context);
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.commitPending();
  }

  onApplicationShutdown(): void {
    this.stopping = true;
  }

  private async markHandled(context: KafkaContext): Promise<void> {
    const [topic, partition] = [context.getTopic(), context.getPartition()];
    const offset = (BigInt(context.getMessage().offset) + 1n).toString();
    this.pending.set(`${topic}:${partition}`, { consumer: context.getConsumer(), topic, partition, offset });
    if (++this.handled >= COMMIT_EVERY_MESSAGES) await this.commitPending();
    else this.timer ??= setTimeout(() => void this.commitPending(), COMMIT_WITHIN_MS);
  }

  private async commitPending(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.handled = 0;
    const batch = [...this.pending.values()];
    this.pending.clear();
    const byConsumer = new Map<KafkaConsumer, { topic: string; partition: number; offset: string }[]>();
    for (const { consumer, ...offset } of batch) byConsumer.set(consumer, [...(byConsumer.get(consumer) ?? []), offset]);
    for (const [consumer, offsets] of byConsumer) {
      // A failed commit (e.g. during a rebalance) only means these messages come once more.
      await consumer.commitOffsets(offsets).catch((error: unknown) => this.logger.warn(`offset commit failed, messages will be delivered again: ${String(error)}`));
    }
  }

  private async untilDone(work: () => Promise<void>, context: KafkaContext): Promise<boolean> {
    for (let backoff = 100; !this.stopping; backoff = Math.min(backoff * 2, MAX_BACKOFF_MS)) {
      try {
        await work();
        return true;
      } catch (error) {
        this.logger.warn(`handling ${context.getTopic()}@${context.getMessage().offset} failed, retrying in ${backoff} ms: ${error instanceof Error ? error.message : String(error)}`);
        await new Promise((resolve) => setTimeout(resolve, backoff));
      }
    }
    return false;
  }
}
