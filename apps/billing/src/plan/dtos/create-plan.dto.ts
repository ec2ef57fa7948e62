import { Type } from 'class-transformer';
import {
  IsDefined,
  IsIn,
  IsInt,
  IsObject,
  IsOptional,
  Max,
  Min,
  ValidateNested,
} from 'class-validator';
import { IsAmount, IsSupportedCurrency, IsNotes } from '@platform/http';
import type { Notes } from '@platform/http';
import { ItemDescription, ItemName } from '../../common/dtos/item-fields';

/** What each cycle charges: the plan gets an item of its own (`type: plan`). */
export class PlanItemDto {
  /** @example "Book / English August" */
  @ItemName() name!: string;
  @ItemDescription() description?: string;
  /** The amount of one cycle. */
  @IsAmount('item.amount', { min: 100 }) amount!: number;
  /** @defaultValue "INR" */
  @IsSupportedCurrency('item.currency') currency?: string;
}

/**
 * Plans do not change once made. A daily plan needs an interval of at least 7 ("A daily plan needs
 * an interval of at least 7.").
 *
 * @example {"period":"monthly","interval":1,"item":{"name":"Gold","amount":49900,"currency":"INR"}}
 */
// POST /v1/plans.
export class CreatePlanDto {
  /** What each cycle charges: the plan gets an item of its own (`type: plan`). */
  @IsDefined({ message: 'The item field is required.' })
  @ValidateNested()
  @Type(() => PlanItemDto)
  @IsObject({ message: 'The item must be an object.' })
  item!: PlanItemDto;

  @IsIn(['daily', 'weekly', 'monthly', 'yearly'], {
    message: 'The period must be one of daily, weekly, monthly, yearly.',
  })
  period!: 'daily' | 'weekly' | 'monthly' | 'yearly';

  @IsInt({ message: 'The interval must be an integer.' })
  @Min(1, { message: 'The interval must be at least 1.' })
  @Max(1000, { message: 'The interval may not be greater than 1000.' })
  interval!: number;

  /** @example {"tier":"gold"} */
  @IsOptional() @IsNotes() notes?: Notes;
}
