import { IsOptional, IsString } from 'class-validator';
import { ListQuery } from '@platform/http';

export class PaymentLinkListQuery extends ListQuery {
  /** Only the link this payment was made on (none for a payment of no link). */
  @IsOptional() @IsString({ message: 'The payment_id must be a string.' }) payment_id?: string;

  /** Only the link with this reference_id. */
  @IsOptional() @IsString({ message: 'The reference_id must be a string.' }) reference_id?: string;
}
