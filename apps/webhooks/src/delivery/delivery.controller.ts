import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { NotFound } from '@platform/domain-kit';
import { Database } from '@platform/event-store';
import { Caller, toCollection } from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { getWebhookDetails } from '../webhook/webhook-details/webhook-details.query';
import { listDeliveries } from './deliveries';
import { DeliveryService } from './delivery.service';
import { DeliveryListQuery } from './dtos/delivery-list.query';
import { toDeliveryEntity } from './dtos/delivery.response';
import type { DeliveryEntity } from './dtos/delivery.response';
import { CatchUp } from '@platform/service-kit';

/** A webhook's deliveries, each with its attempts, and sending one again now (beyond Razorpay, as Stripe and Hyperswitch do). */
@Controller('v1/webhooks/:id/deliveries')
export class DeliveryController {
  constructor(
    private readonly deliveries: DeliveryService,
    private readonly database: Database,
  ) {}

  /** Caught up first: lists the deliveries of every event the caller has seen happen. */
  @CatchUp()
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
  retry(
    @Caller() caller: RequestContext,
    @Param('id') webhookId: string,
    @Param('delivery_id') deliveryId: string,
  ): Promise<DeliveryEntity> {
    return this.deliveries.retry(caller, webhookId, deliveryId);
  }
}
