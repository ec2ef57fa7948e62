import { IsString, MaxLength } from 'class-validator';
import { WebhookEventsField } from './webhook-events.field';
import { WebhookOptionsDto } from './webhook-options.dto';

/** POST /v1/webhooks and /v2/accounts/:account_id/webhooks. */
export class CreateWebhookDto extends WebhookOptionsDto {
  @MaxLength(255, { message: 'The url may not be greater than 255 characters.' })
  @IsString({ message: 'The url field is required.' })
  url!: string;

  @WebhookEventsField()
  events!: string[];
}
