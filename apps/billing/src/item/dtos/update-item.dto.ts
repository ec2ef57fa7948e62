import { IsBoolean, IsOptional } from 'class-validator';
import { IsAmount, IsSupportedCurrency, ToFlag } from '@platform/http';
import { ItemDescription, ItemName } from '../../common/dtos/item-fields';

/**
 * The fields sent replace those fields; the others stay. An update that changes nothing records
 * nothing.
 */
// PATCH /v1/items/:id: the fields sent replace those fields; `active` switches the item on or off.
export class UpdateItemDto {
  /** @example "Book / English August" */
  @ItemName(true) name?: string;
  @ItemDescription() description?: string;
  /** The new price. */
  @IsAmount('amount', { min: 1, optional: true }) amount?: number;
  /** @defaultValue "INR" */
  @IsSupportedCurrency() currency?: string;
  /**
   * Switch the item on (true) or off (false).
   *
   * @defaultValue false
   */
  @IsOptional()
  @ToFlag()
  @IsBoolean({ message: 'The active must be true or false (or 1 or 0).' })
  active?: boolean;
}
