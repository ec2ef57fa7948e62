import { IsBoolean, IsOptional, IsString } from 'class-validator';
import { ListQuery, ToFlag } from '@platform/http';

export class OrderListQuery extends ListQuery {
  /** 1: orders with an authorized payment; 0: orders without one. */
  @IsOptional()
  @ToFlag()
  @IsBoolean({ message: 'The authorized must be 0 or 1.' })
  authorized?: boolean;

  @IsOptional()
  @IsString({ message: 'The receipt must be a string.' })
  receipt?: string;
}
