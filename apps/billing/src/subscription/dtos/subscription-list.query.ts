import { ListQuery } from '@platform/http';
import { IsOptional, IsString } from 'class-validator';

export class SubscriptionListQuery extends ListQuery {
  /** Only the subscriptions of this plan. */
  @IsOptional() @IsString({ message: 'The plan_id must be a string.' }) plan_id?: string;
}
