import { Injectable } from '@nestjs/common';
import { IllegalTransition, NotFound } from '@platform/domain-kit';
import { Database } from '@platform/event-store';
import type { RequestContext } from '@platform/http';
import { Clock } from '@platform/service-kit';
import { getWebhookDetails } from '../webhook/webhook-details/webhook-details.query';
import { listDeliveries, retryNow } from './deliveries';
import { toDeliveryEntity } from './dtos/delivery.response';
import type { DeliveryEntity } from './dtos/delivery.response';

/** The delivery use case of the API: sending one again now (beyond Razorpay, as Stripe and Hyperswitch do). */
@Injectable()
export class DeliveryService {
  constructor(
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  /** Whatever the delivery came to, it is tried again at once: the answer is the delivery, pending. */
  async retry(
    caller: RequestContext,
    webhookId: string,
    deliveryId: string,
  ): Promise<DeliveryEntity> {
    const webhook = await getWebhookDetails(this.database, caller, webhookId);
    if (!webhook) throw new NotFound();
    if (!webhook.active)
      throw new IllegalTransition(
        'The webhook is not active: turn it on (active: true) to send its deliveries again.',
      );
    // Read in the retry's own transaction: once it commits, the dispatcher may deliver at once,
    // and the answer is the delivery as queued again.
    const row = await this.database.transaction(async (tx) => {
      if (!(await retryNow(tx, caller, webhookId, deliveryId, this.clock.now(caller))))
        throw new NotFound();
      const [queued] = await listDeliveries(
        tx,
        caller,
        webhookId,
        { count: 1, skip: 0 },
        { id: deliveryId },
      );
      return queued;
    });
    return toDeliveryEntity(row);
  }
}
