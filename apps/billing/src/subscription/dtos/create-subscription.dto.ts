import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsObject,
  IsOptional,
  IsString,
  ValidateNested,
} from 'class-validator';
import { IsNotes, IsUnixTime } from '@platform/http';
import type { Notes } from '@platform/http';
import { AddonDto } from '../../shared/dtos/addon.dto';
import { CustomerContact, CustomerEmail } from '../../shared/dtos/customer-fields';
import { Count, CustomerNotify } from './subscription-fields';

export class NotifyInfoDto {
  @CustomerContact('notify_info.notify_phone') notify_phone?: string;
  @CustomerEmail('notify_info.notify_email') notify_email?: string;
}

/** POST /v1/subscriptions: a subscription, or a subscription link (with notify_info). */
export class CreateSubscriptionDto {
  @IsString({ message: 'The plan_id must be a string.' }) plan_id!: string;
  @Count('total_count') total_count!: number;
  @IsOptional() @Count('quantity') quantity?: number;
  @IsUnixTime('start_at', { optional: true }) start_at?: number;
  @IsUnixTime('expire_by', { optional: true }) expire_by?: number;
  @CustomerNotify() customer_notify?: boolean;
  @IsOptional()
  @ValidateNested({ each: true, message: 'The addons must be an array of add-on objects.' })
  @Type(() => AddonDto)
  @ArrayMaxSize(10, { message: 'A subscription may have at most 10 upfront add-ons.' })
  @IsArray({ message: 'The addons must be an array.' })
  addons?: AddonDto[];
  @IsOptional() @IsString({ message: 'The offer_id must be a string.' }) offer_id?: string;
  @IsOptional()
  @ValidateNested()
  @Type(() => NotifyInfoDto)
  @IsObject({ message: 'The notify_info must be an object.' })
  notify_info?: NotifyInfoDto;
  @IsOptional() @IsNotes() notes?: Notes;
}
