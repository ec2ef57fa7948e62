import { Controller, Get, HttpCode, Param, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { NotFound } from '@platform/domain-kit';
import { Database } from '@platform/event-store';
import { Caller, EntityIdParam, toCollection } from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { getWebhookDetails } from '../webhook/webhook-details/webhook-details.query';
import { listDeliveries } from './deliveries';
import { DeliveryService } from './delivery.service';
import { DeliveryListQuery } from './dtos/delivery-list.query';
import { toDeliveryEntity } from './dtos/delivery.response';
import type { DeliveryEntity } from './dtos/delivery.response';
import { CatchUp } from '@platform/service-kit';

/** A webhook's deliveries, each with its attempts, and sending one again now (beyond Razorpay, as Stripe and Hyperswitch do). */
@ApiTags('Webhooks')
@Controller('v1/webhooks/:id/deliveries')
export class DeliveryController {
  constructor(
    private readonly deliveries: DeliveryService,
    private readonly database: Database,
  ) {}

  /**
   * List a webhook's deliveries, newest first, with their attempts
   *
   * @remarks One delivery per event the webhook received; `from` and `to` bound its `created_at`.
   *
   * @returns A page of deliveries
   */
  // Caught up first: lists the deliveries of every event the caller has seen happen.
  @EntityIdParam('webhook', 'wh')
  @CatchUp()
  @Get()
  async listWebhookDeliveries(
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

  /**
   * Send a delivery again now
   *
   * @remarks Whatever the delivery came to (delivered, failed or pending), it is tried again at
   * once, to the webhook's URL as it is now, with the body and signature it was made with;
   * the answer is the delivery, `pending`. Should this attempt fail, it is retried on the
   * usual schedule only while the 24 hours after its event last. Refused while the webhook
   * is not active ("The webhook is not active: turn it on (active: true) to send its
   * deliveries again.").
   *
   * @returns The delivery, pending
   */
  @EntityIdParam('webhook', 'wh')
  @EntityIdParam('delivery', 'whd', 'delivery_id')
  @Post(':delivery_id/retry')
  @HttpCode(200)
  retryWebhookDelivery(
    @Caller() caller: RequestContext,
    @Param('id') webhookId: string,
    @Param('delivery_id') deliveryId: string,
  ): Promise<DeliveryEntity> {
    return this.deliveries.retry(caller, webhookId, deliveryId);
  }
}
