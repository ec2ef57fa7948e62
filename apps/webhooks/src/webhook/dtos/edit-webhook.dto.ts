import { IsString, MaxLength } from 'class-validator';
import { MayBeOmitted } from '@platform/http';
import { WebhookEventsField } from './webhook-events.field';
import { WebhookOptionsDto } from './webhook-options.dto';

/** PUT /v1/webhooks/:id and PATCH /v2/accounts/:account_id/webhooks/:id: the fields sent replace those fields. */
export class EditWebhookDto extends WebhookOptionsDto {
  @MayBeOmitted()
  @MaxLength(255, { message: 'The url may not be greater than 255 characters.' })
  @IsString({ message: 'The url must be a string.' })
  url?: string;

  @MayBeOmitted()
  @WebhookEventsField()
  events?: string[];
}
