import { IsAmount, IsSupportedCurrency } from '@platform/http';
import { ItemDescription, ItemName } from '../../common/dtos/item-fields';

/**
 * Unknown fields are refused (400 naming the field).
 *
 * @example {
 *   "name": "Book / English August",
 *   "description": "An indian story",
 *   "amount": 20000,
 *   "currency": "INR"
 * }
 */
// POST /v1/items (the SDK sends name, amount, currency, description).
export class CreateItemDto {
  /** @example "Book / English August" */
  @ItemName() name!: string;
  @ItemDescription() description?: string;
  /** The price. */
  @IsAmount('amount', { min: 1 }) amount!: number;
  /** @defaultValue "INR" */
  @IsSupportedCurrency() currency?: string;
}
