import { IsBoolean, IsOptional, IsString } from 'class-validator';
import { ListQuery, ToFlag } from '@platform/http';

export class OrderListQuery extends ListQuery {
  /** 1 (or true): only orders with an authorized payment; 0 (or false): only orders without one. */
  @IsOptional()
  @ToFlag()
  @IsBoolean({ message: 'The authorized must be 0 or 1.' })
  authorized?: boolean;

  /** Only the order with exactly this receipt. */
  @IsOptional()
  @IsString({ message: 'The receipt must be a string.' })
  receipt?: string;
}
