import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  IsArray,
  IsBoolean,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { IsAmount, IsCurrency, IsNotes, IsUnixTime, ToFlag } from '@platform/http';
import type { Notes } from '@platform/http';
import { CustomerContact, CustomerEmail } from '../../customer/dtos/customer-fields';

export class AddonItemDto {
  @IsString({ message: 'The item.name must be a string.' })
  @MaxLength(255, { message: 'The item.name may not be greater than 255 characters.' })
  name!: string;
  @IsAmount('item.amount', { min: 100 }) amount!: number;
  @IsCurrency('item.currency') currency?: string;
  @IsOptional()
  @IsString({ message: 'The item.description must be a string.' })
  @MaxLength(2048, { message: 'The item.description may not be greater than 2048 characters.' })
  description?: string;
}

/** An add-on: at creation, charged upfront with the first invoice; later, added to the next cycle's invoice. */
export class AddonDto {
  @ValidateNested()
  @Type(() => AddonItemDto)
  @IsObject({ message: 'The item must be an object.' })
  item!: AddonItemDto;
  @IsOptional()
  @IsInt({ message: 'The quantity must be an integer.' })
  @Min(1, { message: 'The quantity must be at least 1.' })
  @Max(1000, { message: 'The quantity may not be greater than 1000.' })
  quantity?: number;
}

export class NotifyInfoDto {
  @CustomerContact('notify_info.notify_phone') notify_phone?: string;
  @CustomerEmail('notify_info.notify_email') notify_email?: string;
}

const Count = (field: string) => (target: object, property: string) => {
  Max(1000, { message: `The ${field} may not be greater than 1000.` })(target, property);
  Min(1, { message: `The ${field} must be at least 1.` })(target, property);
  IsInt({ message: `The ${field} must be an integer.` })(target, property);
};

/** POST /v1/subscriptions: a subscription, or a subscription link (with notify_info). */
export class CreateSubscriptionDto {
  @IsString({ message: 'The plan_id must be a string.' }) plan_id!: string;
  @Count('total_count') total_count!: number;
  @IsOptional() @Count('quantity') quantity?: number;
  @IsUnixTime('start_at', { optional: true }) start_at?: number;
  @IsUnixTime('expire_by', { optional: true }) expire_by?: number;
  @IsOptional()
  @ToFlag()
  @IsBoolean({ message: 'The customer_notify must be 1 or 0.' })
  customer_notify?: boolean;
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
}

/** POST /v1/subscriptions/:id/cancel: no body = now. */
export class CancelSubscriptionDto {
  @IsOptional()
  @ToFlag()
  @IsBoolean({ message: 'The cancel_at_cycle_end must be 1 or 0.' })
  cancel_at_cycle_end?: boolean;
}

/** POST /pause and /resume: `{pause_at: 'now'}`, `{resume_at: 'now'}` or nothing all mean now. */
export class PauseDto {
  @IsOptional() @IsIn(['now'], { message: 'The pause_at must be now.' }) pause_at?: 'now';
}

export class ResumeDto {
  @IsOptional() @IsIn(['now'], { message: 'The resume_at must be now.' }) resume_at?: 'now';
}
