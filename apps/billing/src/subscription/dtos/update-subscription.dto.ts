import { IsIn, IsOptional, IsString } from 'class-validator';
import { IsUnixTime } from '@platform/http';
import { Count, CustomerNotify } from './subscription-fields';

/** PATCH /v1/subscriptions/:id. */
export class UpdateSubscriptionDto {
  @IsOptional() @IsString({ message: 'The plan_id must be a string.' }) plan_id?: string;
  @IsOptional() @Count('quantity') quantity?: number;
  @IsOptional() @Count('remaining_count') remaining_count?: number;
  @IsUnixTime('start_at', { optional: true }) start_at?: number;
  @IsOptional() @IsString({ message: 'The offer_id must be a string.' }) offer_id?: string;
  @IsOptional()
  @IsIn(['now', 'cycle_end'], { message: 'The schedule_change_at must be now or cycle_end.' })
  schedule_change_at?: 'now' | 'cycle_end';
  /** Recorded as the subscription's flag; while it is on, the customer is told of each change. */
  @CustomerNotify() customer_notify?: boolean;
}
