import { IsOptional, IsString } from 'class-validator';
import { CheckoutPaymentFieldsDto } from '../../common/dtos/checkout-payment-fields';

/**
 * What checkout (or a UPI app scanning a QR code) would send: exactly one of `order_id`,
 * `qr_code_id`, `invoice_id`, `subscription_id` and `payment_link_id` ("Send exactly one of order_id, qr_code_id, invoice_id, subscription_id or payment_link_id: what this payment pays."). The field of the chosen method is
 * required ("The <field> field is required when method is <method>."); the fields of the other
 * methods are not used (but still validated). Unknown fields are refused (400 naming the field).
 *
 * @example {
 *   "order_id": "order_1Aa00000000001",
 *   "method": "card",
 *   "card": {
 *     "number": "4111111111111111",
 *     "name": "Gaurav Kumar",
 *     "expiry_month": 12,
 *     "expiry_year": 2035,
 *     "cvv": "123"
 *   }
 * }
 *
 * @example {"order_id":"order_1Aa00000000001","method":"upi","vpa":"success@razorpay"}
 * @example {"order_id":"order_1Aa00000000001","method":"netbanking","bank":"HDFC"}
 * @example {"order_id":"order_1Aa00000000001","method":"wallet","wallet":"paytm"}
 * @example {
 *   "qr_code_id": "qr_1Aa00000000001",
 *   "method": "upi",
 *   "vpa": "success@razorpay",
 *   "amount": 30000
 * }
 *
 * @example {
 *   "subscription_id": "sub_1Aa00000000001",
 *   "method": "card",
 *   "card": {
 *     "number": "4111111111111111",
 *     "name": "Gaurav Kumar",
 *     "expiry_month": 12,
 *     "expiry_year": 2035,
 *     "cvv": "123"
 *   }
 * }
 */
export class SimulatePaymentDto extends CheckoutPaymentFieldsDto {
  /**
   * The order to pay.
   *
   * @example "order_1Aa00000000001"
   */
  // What is paid: an order, a QR code, a billing invoice, or a subscription's authorization
  // (exactly one of them).
  @IsOptional()
  @IsString({ message: 'The order_id must be a string.' })
  order_id?: string;

  /**
   * The billing invoice to pay, through its order (captured at once; partial payments as the
   * invoice allows).
   *
   * @example "inv_1Aa00000000001"
   */
  @IsOptional()
  @IsString({ message: 'The invoice_id must be a string.' })
  invoice_id?: string;

  /**
   * The subscription to authorize, through its authorization order (captured at once; a token
   * payment is refunded at once). The instrument is saved to charge the later cycles.
   *
   * @example "sub_1Aa00000000001"
   */
  @IsOptional()
  @IsString({ message: 'The subscription_id must be a string.' })
  subscription_id?: string;

  /**
   * The QR code to pay (the payment is captured at once).
   *
   * @example "qr_1Aa00000000001"
   */
  @IsOptional()
  @IsString({ message: 'The qr_code_id must be a string.' })
  qr_code_id?: string;

  /**
   * The payment link to pay, through its order (captured at once; partial payments as the link
   * allows).
   *
   * @example "plink_1Aa00000000001"
   */
  @IsOptional()
  @IsString({ message: 'The payment_link_id must be a string.' })
  payment_link_id?: string;
}
