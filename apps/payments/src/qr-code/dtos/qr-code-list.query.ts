import { IsOptional, IsString } from 'class-validator';
import { ListQuery } from '@platform/http';

export class QrCodeListQuery extends ListQuery {
  @IsOptional() @IsString({ message: 'The customer_id must be a string.' }) customer_id?: string;
  /** The code that payment was made on. */
  @IsOptional() @IsString({ message: 'The payment_id must be a string.' }) payment_id?: string;
}
