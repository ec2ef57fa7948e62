import { Injectable, Logger } from '@nestjs/common';
import type { OnApplicationShutdown } from '@nestjs/common';
import type { KafkaContext } from '@nestjs/microservices';
import { envelopeProblem } from '@platform/contracts';
import type { IntegrationEvent } from '@platform/contracts';

const MAX_BACKOFF_MS = 5000;

/**
 * What every Kafka handler does around its own work: refuse messages that are not valid envelopes
 * (logged and skipped, so one bad message cannot block its partition), retry the work while the
 * failure is ours (database down, …), and commit the offset only after the work committed.
 */
@Injectable()
export class ReliableConsumer implements OnApplicationShutdown {
  private readonly logger = new Logger('ReliableConsumer');
  private stopping = false;

  async consume<E extends IntegrationEvent>(context: KafkaContext, payload: unknown, work: (event: E) => Promise<void>, check?: (event: E) => string | null): Promise<void> {
    const problem = envelopeProblem(payload) ?? check?.(payload as E) ?? null;
    if (problem) {
      this.logger.error(`skipping an unusable message on ${context.getTopic()}/${context.getPartition()}@${context.getMessage().offset}: ${problem}`);
    } else if (!(await this.untilDone(() => work(payload as E), context))) {
      return; // shutting down: the offset stays uncommitted and the message is delivered again
    }
    await context.getConsumer().commitOffsets([
      { topic: context.getTopic(), partition: context.getPartition(), offset: (BigInt(context.getMessage().offset) + 1n).toString() },
    ]);
  }

  onApplicationShutdown(): void {
    this.stopping = true;
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
