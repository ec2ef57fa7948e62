import { IsAmount, IsSupportedCurrency } from '@platform/http';
import { ItemDescription, ItemName } from './item-fields';

/** POST /v1/items (the SDK sends name, amount, currency, description). */
export class CreateItemDto {
  @ItemName() name!: string;
  @ItemDescription() description?: string;
  @IsAmount('amount', { min: 1 }) amount!: number;
  @IsSupportedCurrency() currency?: string;
}
