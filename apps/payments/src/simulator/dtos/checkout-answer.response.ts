import type { PaymentEntity } from '@platform/contracts';

/** What checkout hands the integrator's page (the gateway adds `razorpay_signature` for orders). */
export interface CheckoutAnswer {
  razorpay_payment_id: string;
  razorpay_order_id?: string;
  razorpay_invoice_id?: string;
  razorpay_subscription_id?: string;
  razorpay_qr_code_id?: string;
  payment: PaymentEntity;
}
