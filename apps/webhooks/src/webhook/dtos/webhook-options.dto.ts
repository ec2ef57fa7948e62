import { IsBoolean, IsEmail, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { MayBeOmitted, ToFlag } from '@platform/http';

/** What creating and editing a webhook both take, each optional. */
export class WebhookOptionsDto {
  @MayBeOmitted()
  @MaxLength(255, { message: 'The secret may not be greater than 255 characters.' })
  @MinLength(1, { message: 'The secret may not be empty.' })
  @IsString({ message: 'The secret must be a string.' })
  secret?: string;

  @IsOptional()
  @IsEmail({}, { message: 'The alert_email must be a valid email address.' })
  alert_email?: string;

  /** On an edit, true turns a webhook disabled by failed deliveries on again. */
  @MayBeOmitted()
  @ToFlag()
  @IsBoolean({ message: 'The active must be true or false.' })
  active?: boolean;
}
