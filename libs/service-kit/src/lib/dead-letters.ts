import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import type { INestApplicationContext } from '@nestjs/common';
import { NotFound, ValidationFailed } from '@platform/domain-kit';
import { Database } from '@platform/event-store';
import { toCollection, ToFlag } from '@platform/http';
import type { Collection } from '@platform/http';
import {
  countDeadLettersNotReplayed,
  deadLetterView,
  KafkaEventConsumer,
  listDeadLetters,
} from '@platform/messaging';
import type { DeadLetterView, NewDeadLetter, ReplayOutcome } from '@platform/messaging';
import { IsBoolean, IsOptional } from 'class-validator';
import { Counter, Gauge } from 'prom-client';
import { metricsRegistry } from './metrics';
import { readWithinScrape } from './pipeline-metrics';

/** How many dead letters a list shows at most (oldest first). */
const LIST_LIMIT = 1000;
const ID = /^[0-9]{1,18}$/;

const deadLettersTotal = new Counter({
  name: 'dead_letters_total',
  help: 'Messages a consumer gave up on (kept in dead_letters), by topic and consumer',
  labelNames: ['topic', 'consumer'] as const,
  registers: [metricsRegistry],
});

/** The table read at each scrape, so replays by the ops command (another process) count too. */
let notReplayedSource: Database | null = null;
new Gauge({
  name: 'dead_letters_not_replayed',
  help: 'Dead letters waiting for a replay',
  registers: [metricsRegistry],
  async collect() {
    if (!notReplayedSource) return;
    const count = await readWithinScrape(countDeadLettersNotReplayed(notReplayedSource));
    if (count !== null) this.set(count);
  },
});

/** The consumer's `onDeadLetter`: counts it on /metrics. */
export function countDeadLetter(letter: NewDeadLetter): void {
  deadLettersTotal.inc({ topic: letter.topic, consumer: letter.consumer });
}

/** Where the not-replayed gauge counts (the service's database). */
export function countDeadLettersIn(database: Database): void {
  notReplayedSource = database;
}

export class DeadLettersQuery {
  /** Replayed ones too. */
  @IsOptional() @ToFlag() @IsBoolean({ message: 'The all must be 1 or 0.' }) all?: boolean;
}

/**
 * The service's dead letters on its internal API (the internal token guards every route of a
 * service): the gateway's admin API forwards to it.
 */
@Controller('internal/dead-letters')
export class DeadLettersController {
  constructor(
    private readonly database: Database,
    private readonly consumer: KafkaEventConsumer,
  ) {}

  /** Oldest first; only those waiting for a replay unless `all=1`. */
  @Get()
  async list(@Query() query: DeadLettersQuery): Promise<Collection<DeadLetterView>> {
    return toCollection(
      (await listDeadLetters(this.database, { all: query.all ?? false, limit: LIST_LIMIT })).map(
        deadLetterView,
      ),
    );
  }

  @Post('replay')
  @HttpCode(200)
  async replayAll(): Promise<Collection<ReplayOutcome>> {
    return toCollection(await this.consumer.replayAll());
  }

  @Post(':id/replay')
  @HttpCode(200)
  async replay(@Param('id') id: string): Promise<ReplayOutcome> {
    if (!ID.test(id))
      throw new ValidationFailed('The id must be the number of a dead letter.', 'id');
    const outcome = await this.consumer.replay(id);
    if (outcome.outcome === 'not-found') throw new NotFound();
    return outcome;
  }
}

const USAGE = 'usage: main.js dead-letters list [--all] | replay <id> | replay all';

/**
 * `node main.js dead-letters list [--all]` and `... dead-letters replay <id>|all`: one JSON line per
 * dead letter or replay; exit code 1 when a replay failed. `app` is not initialised, so the service's
 * consumer, relay and scheduler stay off in this process (the running service does that work, and
 * its relay publishes what a replay writes to the outbox).
 */
export async function deadLettersCommand(
  app: INestApplicationContext,
  args: readonly string[],
  out: NodeJS.WritableStream,
): Promise<number> {
  const print = (value: unknown) => out.write(`${JSON.stringify(value)}\n`);
  const [action, target] = args;
  if (action === 'list') {
    for (const letter of await listDeadLetters(app.get(Database), {
      all: args.includes('--all'),
      limit: LIST_LIMIT,
    }))
      print(deadLetterView(letter));
    return 0;
  }
  if (action === 'replay' && target !== undefined && (target === 'all' || ID.test(target))) {
    const consumer = app.get(KafkaEventConsumer);
    const outcomes =
      target === 'all' ? await consumer.replayAll() : [await consumer.replay(target)];
    outcomes.forEach(print);
    return outcomes.some(
      (outcome) => outcome.outcome === 'failed' || outcome.outcome === 'not-found',
    )
      ? 1
      : 0;
  }
  out.write(`${USAGE}\n`);
  return 2;
}
