import { IsBoolean, IsOptional } from 'class-validator';
import { IsAmount, IsSupportedCurrency, ToFlag } from '@platform/http';
import { ItemDescription, ItemName } from './item-fields';

/** PATCH /v1/items/:id: the fields sent replace those fields; `active` switches the item on or off. */
export class UpdateItemDto {
  @ItemName(true) name?: string;
  @ItemDescription() description?: string;
  @IsAmount('amount', { min: 1, optional: true }) amount?: number;
  @IsSupportedCurrency() currency?: string;
  @IsOptional()
  @ToFlag()
  @IsBoolean({ message: 'The active must be true or false (or 1 or 0).' })
  active?: boolean;
}
