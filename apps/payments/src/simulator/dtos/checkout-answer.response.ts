import type { PaymentEntity } from '@platform/contracts';

/**
 * An order's payment: `razorpay_order_id` and `razorpay_signature`. A subscription's authorization:
 * `razorpay_subscription_id` and `razorpay_signature`. A QR code's payment: `razorpay_qr_code_id`,
 * and no signature.
 */
// What checkout hands the integrator's page (the gateway adds `razorpay_signature` for orders).
export interface CheckoutAnswer {
  /** @example "pay_1Aa00000000002" */
  razorpay_payment_id: string;
  /**
   * Payments of an order.
   *
   * @example "order_1Aa00000000001"
   */
  razorpay_order_id?: string;
  /**
   * Payments of a billing invoice (with its razorpay_order_id and razorpay_signature).
   *
   * @example "inv_1Aa00000000001"
   */
  razorpay_invoice_id?: string;
  /**
   * Payments of a payment link (with the link's razorpay_order_id and razorpay_signature).
   *
   * @example "plink_1Aa00000000001"
   */
  razorpay_payment_link_id?: string;
  /**
   * A subscription's authorization payment (without razorpay_order_id).
   *
   * @example "sub_1Aa00000000001"
   */
  razorpay_subscription_id?: string;
  /**
   * Payments of a QR code.
   *
   * @example "qr_1Aa00000000001"
   */
  razorpay_qr_code_id?: string;
  /** The payment, with its `card` object (null when not paid by card). */
  payment: PaymentEntity;
}
