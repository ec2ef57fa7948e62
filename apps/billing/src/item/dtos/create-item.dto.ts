import { IsAmount, IsCurrency } from '@platform/http';
import { ItemDescription, ItemName } from '../../shared/dtos/item-fields';

/** POST /v1/items (the SDK sends name, amount, currency, description). */
export class CreateItemDto {
  @ItemName() name!: string;
  @ItemDescription() description?: string;
  @IsAmount('amount', { min: 1 }) amount!: number;
  @IsCurrency() currency?: string;
}
