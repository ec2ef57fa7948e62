import { IsIn, IsOptional, IsString } from 'class-validator';
import { ListQuery } from '@platform/http';

export class InvoiceListQuery extends ListQuery {
  /**
   * Only invoices (`invoice`) or only payment links (`link`). "The type must be invoice or link."
   */
  @IsOptional() @IsIn(['invoice', 'link'], { message: 'The type must be invoice or link.' }) type?:
    'invoice' | 'link';
  /** Only the invoice whose latest captured payment this is. */
  // The invoice's latest payment (the one that paid it, once paid).
  @IsOptional() @IsString({ message: 'The payment_id must be a string.' }) payment_id?: string;
  /** Only the invoice with this receipt (exact match). */
  @IsOptional() @IsString({ message: 'The receipt must be a string.' }) receipt?: string;
  /**
   * Only invoices for this customer (by `customer_id`, or an inline customer found as or made into
   * it).
   */
  @IsOptional() @IsString({ message: 'The customer_id must be a string.' }) customer_id?: string;
  /** Only the cycle invoices of this subscription. */
  @IsOptional()
  @IsString({ message: 'The subscription_id must be a string.' })
  subscription_id?: string;
}
