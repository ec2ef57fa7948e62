import { IsIn, IsOptional, IsString } from 'class-validator';
import { ListQuery } from '@platform/http';

export class InvoiceListQuery extends ListQuery {
  @IsOptional() @IsIn(['invoice', 'link'], { message: 'The type must be invoice or link.' }) type?:
    'invoice' | 'link';
  /** The invoice's latest payment (the one that paid it, once paid). */
  @IsOptional() @IsString({ message: 'The payment_id must be a string.' }) payment_id?: string;
  @IsOptional() @IsString({ message: 'The receipt must be a string.' }) receipt?: string;
  @IsOptional() @IsString({ message: 'The customer_id must be a string.' }) customer_id?: string;
  @IsOptional()
  @IsString({ message: 'The subscription_id must be a string.' })
  subscription_id?: string;
}
