import type { CurrencyCode, PaymentLinkStatus } from '@platform/contracts';
import type { PaymentLinkDetailsRow } from '../payment-link-details/payment-link-details.entity';

/**
 * What the link's page and its checkout need of it, found by the link's id alone: whose it is, the
 * order its payments go through, what is due, and the key whose secret signs its callback.
 */
export interface PaymentLinkCheckout {
  account_id: string;
  mode: 'test' | 'live';
  order_id: string;
  /** The API key that made the link. */
  key_id: string;
  status: PaymentLinkStatus;
  amount: number;
  amount_paid: number;
  amount_due: number;
  accept_partial: boolean;
  first_min_partial_amount: number;
  currency: CurrencyCode;
  description: string | null;
  reference_id: string;
  callback_url: string | null;
  callback_method: 'get' | null;
  /** The captured payments the link counted. */
  payment_ids: string[];
}

export function toPaymentLinkCheckout(row: PaymentLinkDetailsRow): PaymentLinkCheckout {
  return {
    account_id: row.accountId,
    mode: row.mode,
    order_id: row.orderId,
    key_id: row.keyId,
    status: row.status,
    amount: row.amount,
    amount_paid: row.amountPaid,
    amount_due: row.amount - row.amountPaid,
    accept_partial: row.acceptPartial,
    first_min_partial_amount: row.firstMinPartialAmount ?? 0,
    currency: row.currency,
    description: row.description,
    reference_id: row.referenceId ?? '',
    callback_url: row.callbackUrl,
    callback_method: row.callbackMethod,
    payment_ids: row.payments.map((payment) => payment.paymentId),
  };
}
