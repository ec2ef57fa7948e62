import { randomInt } from 'node:crypto';
import { Inject, Injectable } from '@nestjs/common';
import {
  idFor,
  IllegalTransition,
  newId,
  PaymentFailed,
  ValidationFailed,
} from '@platform/domain-kit';
import type { CommandMetadata } from '@platform/domain-kit';
import { CommandHandler, Database } from '@platform/event-store';
import type { SqlFragment } from '@platform/event-store';
import type { CommandResult, HandleOptions } from '@platform/event-store';
import { normalizeNotes } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { Clock, SERVICE_OPTIONS } from '@platform/service-kit';
import type { ServiceKitOptions } from '@platform/service-kit';
import { CustomerLookup } from '../customer-directory/customer-lookup';
import type { CustomerContact } from '../customer-directory/customer-lookup';
import { amountDue, orderKind } from '../order/order.decider';
import { InvoiceOrderLookup } from '../order/invoice-order-lookup';
import { paymentOfOrderEvents } from '../order/order.integration';
import { onOrder } from '../order/order.stream';
import { EVERY_EXPANSION, toPaymentEntity } from '../payment/dtos/payment.response';
import { paymentDetailsProjection } from '../payment/payment-details/payment-details.projection';
import type { Payment } from '../payment/payment.decider';
import type { PaymentDetails, PaymentEvent } from '../payment/payment.events';
import { onPayment } from '../payment/payment.stream';
import type { PaymentsConfig } from '../payments.config';
import { paymentProblem, qrCodeKind } from '../qr-code/qr-code.decider';
import { qrCodeCreditedEvents } from '../qr-code/qr-code.integration';
import { onQrCode } from '../qr-code/qr-code.stream';
import type { CheckoutAnswer } from './dtos/checkout-answer.response';
import type { SimulatePaymentDto } from './dtos/simulate-payment.dto';
import { issueRefund } from '../refund/issue-refund';
import { MandateLookup } from '../subscription-mandate/mandate-lookup';
import {
  findMandate,
  saveTokenFragment,
  useDeclineFragment,
} from '../subscription-mandate/subscription-mandate';
import type { SavedToken } from '../subscription-mandate/subscription-mandate';
import { getPaymentDetails } from '../payment/payment-details/payment-details.query';
import { checkoutOutcome, DECLINED } from './test-instruments';
import type { CheckoutOutcome } from './test-instruments';

export const TEST_KEYS_ONLY =
  'The simulator works with test mode keys only: live payments come from a real checkout.';

interface Attempt {
  caller: RequestContext;
  dto: SimulatePaymentDto;
  metadata: CommandMetadata;
  outcome: CheckoutOutcome;
  paymentId: string;
  /** More writes of the payment's statement (a subscription's saved card). */
  also?: SqlFragment[];
  /**
   * The email and contact of the customer of what is paid, for a payer who gave none (checkout). A
   * saved token's charge has none: the token keeps those its authorization had.
   */
  customerContact?: (customerId: string) => Promise<CustomerContact | null>;
}

/**
 * Test mode's checkout (DESIGN.md "Test mode"): the instrument decides the outcome. The payment and
 * what it pays (the order's attempt, or the QR code's credit) are written in one statement. A
 * declined payment is recorded as `failed` and answered like checkout's failure callback: 400 with
 * the payment's id (and the order's) in the error's metadata.
 */
@Injectable()
export class SimulatorService {
  constructor(
    private readonly handler: CommandHandler,
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly invoiceOrders: InvoiceOrderLookup,
    private readonly mandates: MandateLookup,
    private readonly customers: CustomerLookup,
    @Inject(SERVICE_OPTIONS) private readonly options: ServiceKitOptions,
  ) {}

  async pay(caller: RequestContext, dto: SimulatePaymentDto): Promise<CheckoutAnswer> {
    if (caller.mode !== 'test') throw new ValidationFailed(TEST_KEYS_ONLY);
    const targets = [dto.order_id, dto.qr_code_id, dto.invoice_id, dto.subscription_id].filter(
      (target) => target !== undefined,
    );
    if (targets.length !== 1)
      throw new ValidationFailed(
        'Send exactly one of order_id, qr_code_id, invoice_id or subscription_id: what this payment pays.',
        'order_id',
      );
    const metadata = this.clock.metadata(caller);
    const attempt: Attempt = {
      caller,
      dto,
      metadata,
      outcome: checkoutOutcome(dto, metadata.now),
      paymentId: newId('pay'),
      customerContact: (customerId) => this.customers.contactOf(caller, customerId),
    };
    // What payments has not heard of yet (the invoice or subscription was created a moment ago) is asked of billing.
    const mandate =
      dto.subscription_id !== undefined
        ? await this.mandates.authorizable(caller, dto.subscription_id, metadata)
        : null;
    if (mandate && !attempt.outcome.error)
      attempt.also = [saveTokenFragment(mandate.subscriptionId, savedToken(dto, attempt.outcome))];
    const invoiceId = dto.invoice_id ?? mandate?.authorizationInvoiceId ?? null;
    const invoiceOrder =
      invoiceId !== null ? await this.invoiceOrders.orderOf(caller, invoiceId, metadata) : null;
    const orderId = dto.order_id ?? invoiceOrder ?? mandate?.authorizationOrderId ?? null;
    const payment = orderId
      ? await this.payOrder(attempt, orderId)
      : await this.payQrCode(attempt, dto.qr_code_id as string);
    const row = paymentDetailsProjection.view(payment.stream);
    if (!row) throw new IllegalTransition('The payment could not be made.');
    if (attempt.outcome.error) {
      const { description, source, step, reason } = attempt.outcome.error;
      const ids = {
        payment_id: attempt.paymentId,
        ...(orderId ? { order_id: orderId } : { qr_code_id: dto.qr_code_id as string }),
        ...(dto.invoice_id ? { invoice_id: dto.invoice_id } : {}),
      };
      throw new PaymentFailed(description, undefined, { source, step, reason, metadata: ids });
    }
    if (mandate) {
      // A token payment only proves the card: it is given back at once.
      if (mandate.refundAuthorization)
        await issueRefund(this.handler, metadata, {
          paymentId: attempt.paymentId,
          amount: null,
          speed: 'optimum',
          notes: { reason: 'subscription authorization' },
          receipt: null,
          automatic: false,
        });
      const refreshed = (await getPaymentDetails(this.database, caller, attempt.paymentId)) ?? row;
      return {
        razorpay_payment_id: attempt.paymentId,
        razorpay_subscription_id: mandate.subscriptionId,
        payment: toPaymentEntity(refreshed, EVERY_EXPANSION),
      };
    }
    const target = orderId
      ? {
          razorpay_order_id: orderId,
          ...(dto.invoice_id ? { razorpay_invoice_id: dto.invoice_id } : {}),
        }
      : { razorpay_qr_code_id: dto.qr_code_id };
    return {
      razorpay_payment_id: attempt.paymentId,
      ...target,
      payment: toPaymentEntity(row, EVERY_EXPANSION),
    };
  }

  /**
   * An automatic charge of a subscription cycle's invoice with the card its authorization saved
   * (billing's `invoice.charge_requested`). Attempt n of an invoice always has the same payment id,
   * so a request delivered twice charges once. Test mode's switch can make the bank decline it.
   * `runner`: the consumer's inbox transaction, which the charge is part of.
   */
  async chargeSavedToken(
    metadata: CommandMetadata,
    charge: { subscriptionId: string; orderId: string; invoiceId: string; attempt: number },
    options: HandleOptions = {},
  ): Promise<'charged' | 'declined' | 'no-token'> {
    const mandate = await findMandate(
      options.runner ?? this.database,
      metadata,
      charge.subscriptionId,
    );
    if (!mandate?.token) return 'no-token';
    const token = mandate.token;
    const declined = mandate.declinesRemaining > 0;
    const outcome: CheckoutOutcome = {
      card: token.card,
      bank: token.bank,
      wallet: token.wallet,
      vpa: token.vpa,
      international: token.card?.international ?? false,
      disputeAfterCapture: false,
      error: declined ? DECLINED : null,
    };
    const dto = {
      method: token.method,
      email: token.email ?? undefined,
      contact: token.contact ?? undefined,
      description: 'Subscription charge',
    } as SimulatePaymentDto;
    const paymentId = idFor('pay', `${charge.invoiceId}:${charge.attempt}`);
    const attempt: Attempt = {
      caller: { accountId: metadata.accountId, mode: metadata.mode } as RequestContext,
      dto,
      metadata,
      outcome,
      paymentId,
      also: declined ? [useDeclineFragment(charge.subscriptionId)] : [],
    };
    await this.payOrder(attempt, charge.orderId, options);
    return declined ? 'declined' : 'charged';
  }

  /** An order's attempt; with the order's payment_capture, the capture (and maybe `order.paid`) too. */
  private async payOrder(
    attempt: Attempt,
    orderId: string,
    options: HandleOptions = {},
  ): Promise<CommandResult<Payment, PaymentEvent>> {
    const { dto, metadata, outcome, paymentId, also } = attempt;
    const [payment] = await this.handler.handleAll(
      metadata,
      async (reader) => {
        const { state: order } = await reader.read(orderKind, orderId);
        if (order.status === 'new')
          throw new ValidationFailed('The id provided does not exist', 'order_id');
        if (dto.currency !== undefined && dto.currency !== order.terms.currency)
          throw new ValidationFailed(
            `The currency must be the order currency (${order.terms.currency}).`,
            'currency',
          );
        const customerId = order.terms.customerId ?? null;
        const payer = await payerOf(attempt, customerId);
        const details = paymentDetails(dto, outcome, payer, {
          amount: dto.amount ?? amountDue(order),
          currency: order.terms.currency,
          orderId,
          qrCodeId: null,
          invoiceId: order.terms.invoiceId,
          customerId,
        });
        const authorized = outcome.error === null;
        const capture = authorized && order.terms.paymentCapture;
        // The payment's events are published with the order's (see paymentOfOrderEvents).
        return [
          {
            ...onPayment(
              paymentId,
              paymentCommand(paymentId, details, outcome, capture, metadata),
              true,
            ),
            also,
            outbox: undefined,
          },
          onOrder(orderId, {
            type: 'RecordPaymentAttempt',
            data: { paymentId, amount: details.amount, authorized, captured: capture },
            metadata,
          }),
        ] as const;
      },
      ([paid, order]) => paymentOfOrderEvents(paid, order),
      options,
    );
    return payment;
  }

  /**
   * A QR code payment: checked against the code (open, method, fixed amount), captured at once, and
   * credited to the code (a single-use code closes, `paid`). A declined one leaves the code as it is.
   */
  private async payQrCode(
    attempt: Attempt,
    qrCodeId: string,
  ): Promise<CommandResult<Payment, PaymentEvent>> {
    const { dto, metadata, outcome, paymentId } = attempt;
    const publicBaseUrl = (this.options.config as PaymentsConfig).PUBLIC_BASE_URL;
    const [payment] = await this.handler.handleAll(
      metadata,
      async (reader) => {
        const { state: code } = await reader.read(qrCodeKind, qrCodeId);
        if (code.status === 'new')
          throw new ValidationFailed('The id provided does not exist', 'qr_code_id');
        if (dto.currency !== undefined && dto.currency !== 'INR')
          throw new ValidationFailed('The currency must be INR: QR codes take rupees.', 'currency');
        const amount = dto.amount ?? code.terms.paymentAmount;
        if (amount === null)
          throw new ValidationFailed(
            'The amount field is required: this QR code has no fixed amount.',
            'amount',
          );
        const problem = paymentProblem(code, { method: dto.method, amount, now: metadata.now });
        if (problem) throw problem;
        const payer = await payerOf(attempt, code.terms.customerId);
        const details = paymentDetails(dto, outcome, payer, {
          amount,
          currency: 'INR',
          orderId: null,
          qrCodeId,
          invoiceId: null,
          customerId: code.terms.customerId,
        });
        const pay = onPayment(
          paymentId,
          paymentCommand(paymentId, details, outcome, true, metadata),
          true,
        );
        if (outcome.error) return [pay] as const;
        return [
          pay,
          onQrCode(
            qrCodeId,
            { type: 'RecordQrPayment', data: { paymentId, amount, method: dto.method }, metadata },
            publicBaseUrl,
          ),
        ] as const;
      },
      ([paid, code]) => (code ? qrCodeCreditedEvents(code, paid, publicBaseUrl) : []),
    );
    return payment;
  }
}

/**
 * The payer's email and contact: as given, else the customer's of what is paid (a QR code's, an
 * invoice's), as Razorpay's checkout fills them in. Recorded with the payment, so later changes to
 * the customer change no payment.
 */
async function payerOf(
  { dto, customerContact }: Attempt,
  customerId: string | null,
): Promise<CustomerContact> {
  const given = { email: dto.email ?? null, contact: dto.contact ?? null };
  if ((given.email !== null && given.contact !== null) || !customerId || !customerContact)
    return given;
  const customer = await customerContact(customerId);
  return {
    email: given.email ?? customer?.email ?? null,
    contact: given.contact ?? customer?.contact ?? null,
  };
}

function paymentDetails(
  dto: SimulatePaymentDto,
  outcome: CheckoutOutcome,
  payer: CustomerContact,
  target: {
    amount: number;
    currency: string;
    orderId: string | null;
    qrCodeId: string | null;
    invoiceId: string | null;
    customerId: string | null;
  },
): PaymentDetails {
  return {
    ...target,
    method: dto.method,
    card: outcome.card ? { id: newId('card'), ...outcome.card } : null,
    bank: outcome.bank,
    wallet: outcome.wallet,
    vpa: outcome.vpa,
    email: payer.email,
    contact: payer.contact,
    description: dto.description ?? null,
    notes: normalizeNotes(dto.notes),
    international: outcome.international,
    disputeAfterCapture: outcome.disputeAfterCapture,
  };
}

function paymentCommand(
  paymentId: string,
  details: PaymentDetails,
  outcome: CheckoutOutcome,
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

/** What the authorization saves for later cycles: the instrument as the payment entity shows it. */
function savedToken(dto: SimulatePaymentDto, outcome: CheckoutOutcome): SavedToken {
  return {
    method: dto.method,
    card: outcome.card,
    bank: outcome.bank,
    wallet: outcome.wallet,
    vpa: outcome.vpa,
    email: dto.email ?? null,
    contact: dto.contact ?? null,
  };
}
