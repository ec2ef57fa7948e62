import { Controller, Get, Query } from '@nestjs/common';
import { TOPIC_DECLARATIONS } from '@platform/contracts';
import { Database } from '@platform/event-store';
import { Caller } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { parseOutboxCursor, readOutboxFeed } from '@platform/messaging';
import type { OutboxFeedPage } from '@platform/messaging';
import { Transform } from 'class-transformer';
import { IsIn, IsInt, Matches, Max, Min } from 'class-validator';

const TOPICS = TOPIC_DECLARATIONS.map((topic) => topic.name);
const MAX_PAGE = 1000;

export class OutboxFeedQuery {
  /** Comma-separated topic names. */
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? value.split(',') : value,
  )
  @IsIn(TOPICS, { each: true, message: 'The topics must be topic names of the platform.' })
  topics!: string[];

  /** `<transaction id>:<position>`: the rows after it. */
  @Matches(/^\d{1,20}:\d{1,19}$/, { message: 'The after must be <transaction id>:<position>.' })
  after!: string;

  @Transform(({ value }: { value: unknown }) => (typeof value === 'string' ? Number(value) : value))
  @IsInt({ message: 'The limit must be an integer.' })
  @Min(1, { message: 'The limit must be at least 1.' })
  @Max(MAX_PAGE, { message: `The limit may not be greater than ${MAX_PAGE}.` })
  limit!: number;
}

/**
 * Internal: the caller's account's integration events in this service's outbox, in commit order,
 * for services that catch up on them before answering (EventCatchUp).
 */
@Controller('internal/outbox')
export class OutboxFeedController {
  constructor(private readonly database: Database) {}

  @Get()
  feed(@Caller() caller: RequestContext, @Query() query: OutboxFeedQuery): Promise<OutboxFeedPage> {
    return readOutboxFeed(this.database, caller, {
      topics: query.topics,
      after: parseOutboxCursor(query.after) as NonNullable<ReturnType<typeof parseOutboxCursor>>,
      limit: query.limit,
    });
  }
}
