import { IsIn, IsOptional, IsString } from 'class-validator';
import { WEBHOOK_DELIVERY_STATUSES } from '@platform/contracts';
import type { WebhookDeliveryStatus } from '@platform/contracts';
import { ListQuery } from '@platform/http';

/** GET /v1/webhooks/:id/deliveries: newest first, filtered by the event's id and the delivery's status. */
export class DeliveryListQuery extends ListQuery {
  /** Only the delivery of this event (`X-Razorpay-Event-Id`). */
  @IsOptional()
  @IsString({ message: 'The event_id must be a string.' })
  event_id?: string;

  /** Only deliveries with this status ("The status must be pending, delivered or failed."). */
  @IsOptional()
  @IsIn(WEBHOOK_DELIVERY_STATUSES, {
    message: 'The status must be pending, delivered or failed.',
  })
  status?: WebhookDeliveryStatus;
}
