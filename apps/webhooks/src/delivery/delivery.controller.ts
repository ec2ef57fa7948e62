import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { IllegalTransition, NotFound } from '@platform/domain-kit';
import { Database } from '@platform/event-store';
import { Caller, toCollection } from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { Clock } from '@platform/service-kit';
import { getWebhookDetails } from '../webhook/webhook-details/webhook-details.query';
import { listDeliveries, retryNow } from './deliveries';
import { DeliveryListQuery } from './dtos/delivery-list.query';
import { toDeliveryEntity } from './dtos/delivery.response';
import type { DeliveryEntity } from './dtos/delivery.response';

/** A webhook's deliveries, each with its attempts, and sending one again now (beyond Razorpay, as Stripe and Hyperswitch do). */
@Controller('v1/webhooks/:id/deliveries')
export class DeliveryController {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  @Get()
  async list(
    @Caller() caller: RequestContext,
    @Param('id') webhookId: string,
    @Query() query: DeliveryListQuery,
  ): Promise<Collection<DeliveryEntity>> {
    if (!(await getWebhookDetails(this.database, caller, webhookId))) throw new NotFound();
    return toCollection(
      (
        await listDeliveries(this.database, caller, webhookId, query, {
          eventId: query.event_id,
          status: query.status,
        })
      ).map(toDeliveryEntity),
    );
  }

  /** Whatever the delivery came to, it is tried again at once: the answer is the delivery, pending. */
  @Post(':delivery_id/retry')
  @HttpCode(200)
  async retry(
    @Caller() caller: RequestContext,
    @Param('id') webhookId: string,
    @Param('delivery_id') deliveryId: string,
  ): Promise<DeliveryEntity> {
    const webhook = await getWebhookDetails(this.database, caller, webhookId);
    if (!webhook) throw new NotFound();
    if (!webhook.active)
      throw new IllegalTransition(
        'The webhook is not active: turn it on (active: true) to send its deliveries again.',
      );
    if (!(await retryNow(this.database, caller, webhookId, deliveryId, this.clock.now(caller))))
      throw new NotFound();
    const [row] = await listDeliveries(
      this.database,
      caller,
      webhookId,
      { count: 1, skip: 0 },
      { id: deliveryId },
    );
    return toDeliveryEntity(row);
  }
}
