import { ApiHideProperty } from '@nestjs/swagger';
import { Equals, IsIn, IsOptional, IsString } from 'class-validator';
import { IsNotes, IsUnixTime } from '@platform/http';
import type { Notes } from '@platform/http';
import { Count, CustomerNotify } from './subscription-fields';

/**
 * A field of create that an update cannot take, refused with the reason (Razorpay's update does not
 * list it either); hidden from the document, which does not offer it.
 */
const NotOnUpdate = (reason: string) => Equals(undefined, { message: reason });

/** PATCH /v1/subscriptions/:id. */
export class UpdateSubscriptionDto {
  @IsOptional() @IsString({ message: 'The plan_id must be a string.' }) plan_id?: string;
  @IsOptional() @Count('quantity') quantity?: number;
  @IsOptional() @Count('remaining_count') remaining_count?: number;
  /** The cycles billed in all (what remaining_count sets, counted from the start). */
  @IsOptional() @Count('total_count') total_count?: number;
  @IsUnixTime('start_at', { optional: true }) start_at?: number;
  @IsOptional() @IsString({ message: 'The offer_id must be a string.' }) offer_id?: string;
  @IsOptional()
  @IsIn(['now', 'cycle_end'], { message: 'The schedule_change_at must be now or cycle_end.' })
  schedule_change_at?: 'now' | 'cycle_end';
  /** Recorded as the subscription's flag; while it is on, the customer is told of each change. */
  @CustomerNotify() customer_notify?: boolean;
  /** Replace the subscription's notes at once (later invoices carry them). */
  @IsOptional() @IsNotes() notes?: Notes;
  @ApiHideProperty()
  @NotOnUpdate(
    'The expire_by is the deadline for authorizing the subscription: an update is for an authenticated or active one, already authorized.',
  )
  expire_by?: never;
  @ApiHideProperty()
  @NotOnUpdate(
    'Upfront addons are charged with the authorization: add one to an authorized subscription with POST /v1/subscriptions/:id/addons.',
  )
  addons?: never;
}
