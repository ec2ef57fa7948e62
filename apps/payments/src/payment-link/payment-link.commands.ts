import type { Command } from '@platform/domain-kit';
import type { PaymentLinkChanges, PaymentLinkTerms } from './payment-link.events';

/** `keyId`: the API key of the request (x-key-id); `shortUrl`: the link's page. */
export type CreatePaymentLink = Command<
  'CreatePaymentLink',
  {
    paymentLinkId: string;
    orderId: string;
    terms: PaymentLinkTerms;
    keyId: string;
    shortUrl: string;
  }
>;

export type EditPaymentLink = Command<'EditPaymentLink', { changes: PaymentLinkChanges }>;

/** A payment of the link's order was captured (recorded with the order, in the same statement). */
export type RecordLinkPayment = Command<
  'RecordLinkPayment',
  { paymentId: string; amount: number; method: string; paymentCreatedAt: number }
>;

export type CancelPaymentLink = Command<'CancelPaymentLink', Record<string, never>>;

/** Scheduled: the link's time ran out, if it has (its expire_by, or six months after its creation). */
export type ExpirePaymentLink = Command<'ExpirePaymentLink', Record<string, never>>;

/** The link is being sent to `to` by `medium`. */
export type RecordLinkNotification = Command<
  'RecordLinkNotification',
  { medium: 'sms' | 'email'; to: string }
>;

export type PaymentLinkCommand =
  | CreatePaymentLink
  | EditPaymentLink
  | RecordLinkPayment
  | CancelPaymentLink
  | ExpirePaymentLink
  | RecordLinkNotification;
