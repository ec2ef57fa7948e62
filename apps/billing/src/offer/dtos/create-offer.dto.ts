import { IsIn, IsInt, IsOptional, IsString, Length, Max, MaxLength, Min } from 'class-validator';
import { IsAmount, IsSupportedCurrency } from '@platform/http';

/** An offer, made by the merchant in the dashboard (here: the admin API). */
export class CreateOfferDto {
  @IsString({ message: 'The name must be a string.' })
  @Length(1, 100, { message: 'The name must be 1 to 100 characters.' })
  name!: string;
  @IsOptional()
  @IsString({ message: 'The display_text must be a string.' })
  @MaxLength(255, { message: 'The display_text may not be greater than 255 characters.' })
  display_text?: string;
  @IsSupportedCurrency() currency?: string;
  @IsIn(['percent', 'flat'], { message: 'The discount_type must be percent or flat.' })
  discount_type!: 'percent' | 'flat';
  @IsOptional()
  @IsInt({ message: 'The discount_percent must be a whole percent.' })
  @Min(1, { message: 'The discount_percent must be between 1 and 100.' })
  @Max(100, { message: 'The discount_percent must be between 1 and 100.' })
  discount_percent?: number;
  @IsAmount('discount_amount', { min: 1, optional: true }) discount_amount?: number;
  @IsAmount('max_discount', { min: 1, optional: true }) max_discount?: number;
  @IsOptional()
  @IsInt({ message: 'The cycles must be an integer.' })
  @Min(1, { message: 'The cycles must be at least 1.' })
  @Max(1000, { message: 'The cycles may not be greater than 1000.' })
  cycles?: number;
}
