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
import { ItemDescription, ItemName } from '../../item/dtos/item-fields';

export class PlanItemDto {
  @ItemName() name!: string;
  @ItemDescription() description?: string;
  @IsAmount('item.amount', { min: 100 }) amount!: number;
  @IsSupportedCurrency('item.currency') currency?: string;
}

/** POST /v1/plans. */
export class CreatePlanDto {
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

  @IsOptional() @IsNotes() notes?: Notes;
}
