import { IsBoolean, IsEmail, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import { MayBeOmitted, ToFlag } from '@platform/http';

/** What creating and editing a webhook both take, each optional. */
export class WebhookOptionsDto {
  /**
   * Signs every delivery (`X-Razorpay-Signature`). Stored encrypted and never returned; without
   * one, deliveries are not signed. Each delivery is signed with the secret the webhook had when
   * its event arrived: after a change, retries of earlier events keep the old one (as Razorpay
   * does).
   *
   * @example "my-webhook-secret"
   */
  @MayBeOmitted()
  @MaxLength(255, { message: 'The secret may not be greater than 255 characters.' })
  @MinLength(1, { message: 'The secret may not be empty.' })
  @IsString({ message: 'The secret must be a string.' })
  secret?: string;

  /**
   * Told when the webhook is disabled after 24 hours of failed deliveries ("The alert_email must be
   * a valid email address.").
   */
  @IsOptional()
  @IsEmail({}, { message: 'The alert_email must be a valid email address.' })
  alert_email?: string;

  /**
   * false: no deliveries. true turns a webhook disabled by failed deliveries on again
   * (`disabled_at` back to 0).
   *
   * @defaultValue true
   */
  @MayBeOmitted()
  @ToFlag()
  @IsBoolean({ message: 'The active must be true or false.' })
  active?: boolean;
}
