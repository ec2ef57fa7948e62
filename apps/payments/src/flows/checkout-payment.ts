import type { PaymentMethod } from '@platform/contracts';
import { newId } from '@platform/domain-kit';
import type { CommandMetadata, DomainError } from '@platform/domain-kit';
import type { FlowInput } from '@platform/event-store';
import { normalizeNotes } from '@platform/http';
import type { Notes } from '@platform/http';
import type { Authorization, InstrumentRecord } from '../acquirer/acquirer';
import type { CustomerContact } from '../customer-directory/customer-lookup';
import type { AuthorizePayment, DeclinePayment } from '../payment/payment.commands';
import type { PaymentDetails, PaymentError } from '../payment/payment.events';

/*
 * What the checkout flows (begin, answer, pay-order, pay-qr-code) share: the payer's request, and how
 * it and the acquirer's decision become the payment's command.
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

/** What every checkout flow that makes a new payment is given. */
export interface CheckoutPaymentInput extends FlowInput {
  paymentId: string;
  request: CheckoutRequest;
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
  request: CheckoutRequest,
  instrument: InstrumentRecord,
  payer: CustomerContact,
  target: PaymentTarget,
): PaymentDetails {
  return {
    ...target,
    method: request.method,
    card: instrument.card ? { id: newId('card'), ...instrument.card } : null,
    bank: instrument.bank,
    wallet: instrument.wallet,
    vpa: instrument.vpa,
    email: payer.email,
    contact: payer.contact,
    description: request.description ?? null,
    notes: normalizeNotes(request.notes),
    international: instrument.international,
    disputeAfterCapture: instrument.disputeAfterCapture,
  };
}

/** Authorize (and, if asked, capture) the payment, or record its decline: what the acquirer decided. */
export function paymentCommand(
  paymentId: string,
  authorization: Authorization,
  details: PaymentDetails,
  capture: boolean,
  metadata: CommandMetadata,
): AuthorizePayment | DeclinePayment {
  if (!authorization.authorized)
    return {
      type: 'DeclinePayment',
      data: { paymentId, details, error: authorization.error },
      metadata,
    };
  return {
    type: 'AuthorizePayment',
    data: { paymentId, details, acquirerData: authorization.references, capture },
    metadata,
  };
}

/**
 * A payment the business rules refused after its customer began it (its order was paid meanwhile,
 * its invoice closed, its amount is more than is still due): what the failed payment records.
 */
export function refusalError(problem: DomainError): PaymentError {
  return {
    code: 'BAD_REQUEST_ERROR',
    description: problem.description,
    source: problem.details?.source ?? 'business',
    step: problem.details?.step ?? 'payment_initiation',
    reason: problem.details?.reason ?? 'input_validation_failed',
  };
}
