import { Type } from 'class-transformer';
import {
  IsInt,
  IsObject,
  IsOptional,
  IsString,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import { IsAmount, IsSupportedCurrency } from '@platform/http';

export class AddonItemDto {
  /** @example "Delivery charges" */
  @IsString({ message: 'The item.name must be a string.' })
  @MaxLength(255, { message: 'The item.name may not be greater than 255 characters.' })
  name!: string;
  /** The price of one unit. */
  @IsAmount('item.amount', { min: 100 }) amount!: number;
  /**
   * The plan's currency.
   *
   * @defaultValue "INR"
   */
  @IsSupportedCurrency('item.currency') currency?: string;
  @IsOptional()
  @IsString({ message: 'The item.description must be a string.' })
  @MaxLength(2048, { message: 'The item.description may not be greater than 2048 characters.' })
  description?: string;
}

/**
 * Unknown fields are refused (400 naming the field). The add-on is charged on the subscription's
 * next cycle invoice.
 *
 * @example {
 *   "item": {
 *     "name": "Extra appetizer",
 *     "amount": 30000,
 *     "currency": "INR",
 *     "description": "Cheese balls"
 *   },
 *   "quantity": 2
 * }
 */
// An add-on: at creation, charged upfront with the first invoice; later, added to the next cycle's
// invoice.
export class AddonDto {
  @ValidateNested()
  @Type(() => AddonItemDto)
  @IsObject({ message: 'The item must be an object.' })
  item!: AddonItemDto;
  /**
   * How many units ("The quantity must be at least 1.", "The quantity may not be greater than
   * 1000.").
   *
   * @defaultValue 1
   */
  @IsOptional()
  @IsInt({ message: 'The quantity must be an integer.' })
  @Min(1, { message: 'The quantity must be at least 1.' })
  @Max(1000, { message: 'The quantity may not be greater than 1000.' })
  quantity?: number;
}
