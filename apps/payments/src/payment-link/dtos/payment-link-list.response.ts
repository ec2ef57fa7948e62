import type { PaymentLinkEntity } from '@platform/contracts';

/** A page of links, as Razorpay lists them (and the SDK's types say): under `payment_links`. */
export interface PaymentLinkList {
  payment_links: PaymentLinkEntity[];
}
