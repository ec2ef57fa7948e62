import { randomInt } from 'node:crypto';
import type { PaymentMethod } from '@platform/contracts';
import { newId } from '@platform/domain-kit';
import type { CommandMetadata } from '@platform/domain-kit';
import type { FlowInput, SqlFragment } from '@platform/event-store';
import { normalizeNotes } from '@platform/http';
import type { Notes } from '@platform/http';
import type { CustomerContact } from '../customer-directory/customer-lookup';
import type { PaymentDetails } from '../payment/payment.events';
import type { CheckoutOutcome } from '../test-bank/test-instruments';

/*
 * What the checkout flows (pay-order, pay-qr-code) share: the payer's request, and how it becomes the
 * payment's command.
 */

/** What the payer sent to checkout, as far as the payment records it. */
export interface CheckoutRequest {
  method: PaymentMethod;
  amount?: number;
  currency?: string;
  email?: string;
  contact?: string;
  description?: string;
  notes?: Notes;
}

export interface CheckoutPaymentInput extends FlowInput {
  paymentId: string;
  request: CheckoutRequest;
  /** What the test bank (or acquirer) decided about the instrument. */
  outcome: CheckoutOutcome;
  /** More writes of the payment's statement (a subscription's saved card, a used decline). */
  also?: SqlFragment[];
  /**
   * The email and contact of the customer of what is paid, for a payer who gave none (checkout). A
   * saved token's charge has none: the token keeps those its authorization had.
   */
  customerContact?: (customerId: string) => Promise<CustomerContact | null>;
}

/** What is paid, as the payment records it. */
export interface PaymentTarget {
  amount: number;
  currency: string;
  orderId: string | null;
  qrCodeId: string | null;
  invoiceId: string | null;
  customerId: string | null;
}

/**
 * The payer's email and contact: as given, else the customer's of what is paid (a QR code's, an
 * invoice's), as Razorpay's checkout fills them in. Recorded with the payment, so later changes to
 * the customer change no payment.
 */
export async function payerOf(
  { request, customerContact }: CheckoutPaymentInput,
  customerId: string | null,
): Promise<CustomerContact> {
  const given = { email: request.email ?? null, contact: request.contact ?? null };
  if ((given.email !== null && given.contact !== null) || !customerId || !customerContact)
    return given;
  const customer = await customerContact(customerId);
  return {
    email: given.email ?? customer?.email ?? null,
    contact: given.contact ?? customer?.contact ?? null,
  };
}

export function paymentDetails(
  { request, outcome }: CheckoutPaymentInput,
  payer: CustomerContact,
  target: PaymentTarget,
): PaymentDetails {
  return {
    ...target,
    method: request.method,
    card: outcome.card ? { id: newId('card'), ...outcome.card } : null,
    bank: outcome.bank,
    wallet: outcome.wallet,
    vpa: outcome.vpa,
    email: payer.email,
    contact: payer.contact,
    description: request.description ?? null,
    notes: normalizeNotes(request.notes),
    international: outcome.international,
    disputeAfterCapture: outcome.disputeAfterCapture,
  };
}

/** Authorize (and, if asked, capture) the payment, or record its decline. */
export function paymentCommand(
  { paymentId, outcome }: CheckoutPaymentInput,
  details: PaymentDetails,
  capture: boolean,
  metadata: CommandMetadata,
) {
  if (outcome.error)
    return {
      type: 'DeclinePayment' as const,
      data: { paymentId, details, error: outcome.error },
      metadata,
    };
  return {
    type: 'AuthorizePayment' as const,
    data: { paymentId, details, acquirerData: acquirerData(details), capture },
    metadata,
  };
}

/** The references an acquirer returns for each method. */
function acquirerData(details: PaymentDetails): Record<string, string> {
  const digits = (length: number) => Array.from({ length }, () => randomInt(10)).join('');
  switch (details.method) {
    case 'card':
      return { auth_code: digits(6) };
    case 'upi':
      return { rrn: digits(12), upi_transaction_id: digits(12) };
    case 'netbanking':
      return { bank_transaction_id: digits(10) };
    case 'wallet':
      return { transaction_id: digits(12) };
  }
}
