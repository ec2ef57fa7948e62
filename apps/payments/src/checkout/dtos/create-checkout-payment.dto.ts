import { IsOptional, IsString } from 'class-validator';
import { CheckoutPaymentFieldsDto } from '../../common/dtos/checkout-payment-fields';

/**
 * What the checkout modal sends once the customer chose how to pay: exactly one of `order_id` and
 * `subscription_id` ("Send exactly one of order_id or subscription_id: what this payment pays.",
 * field `order_id`), the method and its instrument. The card number and CVV are used to authorize
 * the payment and never stored, logged or echoed. Unknown fields are refused (400 naming the field).
 *
 * @example {
 *   "key_id": "rzp_test_1Aa00000000001",
 *   "order_id": "order_1Aa00000000001",
 *   "method": "card",
 *   "card": {
 *     "number": "4100280000001007",
 *     "name": "Gaurav Kumar",
 *     "expiry_month": 12,
 *     "expiry_year": 2035,
 *     "cvv": "123"
 *   },
 *   "email": "gaurav.kumar@example.com",
 *   "contact": "+919000090000"
 * }
 *
 * @example {"key_id":"rzp_test_1Aa00000000001","order_id":"order_1Aa00000000001","method":"upi","vpa":"success@razorpay"}
 * @example {"key_id":"rzp_test_1Aa00000000001","subscription_id":"sub_1Aa00000000001","method":"netbanking","bank":"HDFC"}
 */
export class CreateCheckoutPaymentDto extends CheckoutPaymentFieldsDto {
  /**
   * The key id checkout was opened with: accepted and not used here (the gateway authenticated
   * it, and the payment belongs to its account and mode).
   *
   * @example "rzp_test_1Aa00000000001"
   */
  @IsOptional()
  @IsString({ message: 'The key_id must be a string.' })
  key_id?: string;

  /**
   * The order to pay (an invoice's order pays the invoice).
   *
   * @example "order_1Aa00000000001"
   */
  @IsOptional()
  @IsString({ message: 'The order_id must be a string.' })
  order_id?: string;

  /**
   * The subscription to authorize, through its authorization payment; its instrument is saved to
   * charge the later cycles (a token payment is refunded at once).
   *
   * @example "sub_1Aa00000000001"
   */
  @IsOptional()
  @IsString({ message: 'The subscription_id must be a string.' })
  subscription_id?: string;

  /**
   * The customer checkout was opened for: accepted and not used (the payment names the customer
   * of what it pays, an invoice's).
   *
   * @example "cust_1Aa00000000001"
   */
  @IsOptional()
  @IsString({ message: 'The customer_id must be a string.' })
  customer_id?: string;
}
