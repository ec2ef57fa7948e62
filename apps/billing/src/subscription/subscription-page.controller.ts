import { Controller, Get, Param, Res } from '@nestjs/common';
import { Database, orNotFound } from '@platform/event-store';
import { EventCatchUp } from '@platform/messaging';
import type { FastifyReply } from 'fastify';
import { PAY_PAGE_HEADERS } from '@platform/customer-pages';
import { toSubscriptionEntity } from './dtos/subscription.response';
import { SubscriptionService } from './subscription.service';
import { findSubscriptionById } from './subscription-details/subscription-details.query';
import { renderSubscriptionPage } from './subscription-page.html';

/**
 * The page behind a subscription's `short_url`, for the gateway's public `/s/:id` (shared with the
 * customer, so no key; the id is unguessable). Internal: found by id alone. Its account's payments
 * are caught up on first (EventCatchUp): a customer who just authorized sees it authorized.
 */
@Controller('internal/subscriptions')
export class SubscriptionPageController {
  constructor(
    private readonly database: Database,
    private readonly subscriptions: SubscriptionService,
    private readonly catchUp: EventCatchUp,
  ) {}

  @Get(':id/page.html')
  async page(
    @Param('id') id: string,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<string> {
    const found = orNotFound(await findSubscriptionById(this.database, id));
    await this.catchUp.forCaller({ ...found, requestId: `page:${id}` });
    const row = orNotFound(await findSubscriptionById(this.database, id));
    void reply.headers(PAY_PAGE_HEADERS);
    return renderSubscriptionPage(
      toSubscriptionEntity(row.id, row.state, this.subscriptions.publicBaseUrl),
      row.state,
    );
  }
}
