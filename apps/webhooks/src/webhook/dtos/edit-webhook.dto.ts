import { IsBoolean, IsEmail, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { ToFlag } from '@platform/http';
import { WebhookEventsField } from './webhook-events.field';

/** PUT /v1/webhooks/:id and PATCH /v2/accounts/:account_id/webhooks/:id: the fields sent replace those fields. */
export class EditWebhookDto {
  @IsOptional()
  @MaxLength(255, { message: 'The url may not be greater than 255 characters.' })
  @IsString({ message: 'The url must be a string.' })
  url?: string;

  @IsOptional()
  @WebhookEventsField()
  events?: string[];

  @IsOptional()
  @MaxLength(255, { message: 'The secret may not be greater than 255 characters.' })
  @MinLength(1, { message: 'The secret may not be empty.' })
  @IsString({ message: 'The secret must be a string.' })
  secret?: string;

  @IsOptional()
  @IsEmail({}, { message: 'The alert_email must be a valid email address.' })
  alert_email?: string;

  /** true turns a webhook disabled by failed deliveries on again. */
  @IsOptional() @ToFlag() @IsBoolean({ message: 'The active must be true or false.' })
  active?: boolean;
}
