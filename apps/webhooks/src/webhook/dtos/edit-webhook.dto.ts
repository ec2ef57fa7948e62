import { IsOptional, IsString, MaxLength } from 'class-validator';
import { WebhookEventsField } from './webhook-events.field';
import { WebhookOptionsDto } from './webhook-options.dto';

/** PUT /v1/webhooks/:id and PATCH /v2/accounts/:account_id/webhooks/:id: the fields sent replace those fields. */
export class EditWebhookDto extends WebhookOptionsDto {
  @IsOptional()
  @MaxLength(255, { message: 'The url may not be greater than 255 characters.' })
  @IsString({ message: 'The url must be a string.' })
  url?: string;

  @IsOptional()
  @WebhookEventsField()
  events?: string[];
}
