import { IsOptional, IsString } from 'class-validator';
import { ListQuery } from '@platform/http';

export class BillListQuery extends ListQuery {
  /** Only the bill with this receipt number (exact match). */
  @IsOptional()
  @IsString({ message: 'The receipt_number must be a string.' })
  receipt_number?: string;
}
