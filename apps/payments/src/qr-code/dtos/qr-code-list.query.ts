import { IsOptional, IsString } from 'class-validator';
import { ListQuery } from '@platform/http';

export class QrCodeListQuery extends ListQuery {
  /** Only the codes of this customer. */
  @IsOptional() @IsString({ message: 'The customer_id must be a string.' }) customer_id?: string;
  /** Only the code this payment was made on (none for a payment not made on a code). */
  @IsOptional() @IsString({ message: 'The payment_id must be a string.' }) payment_id?: string;
}
