import { Inject, Injectable } from '@nestjs/common';
import type { DisputeEntity } from '@platform/contracts';
import {
  idFor,
  IllegalTransition,
  newId,
  PaymentFailed,
  ValidationFailed,
} from '@platform/domain-kit';
import type { CommandMetadata } from '@platform/domain-kit';
import { CommandHandler, Database, runFlow } from '@platform/event-store';
import type { CommandResult, HandleOptions } from '@platform/event-store';
import type { RequestContext } from '@platform/http';
import { Clock, SERVICE_OPTIONS } from '@platform/service-kit';
import type { ServiceKitOptions } from '@platform/service-kit';
import { CustomerLookup } from '../customer-directory/customer-lookup';
import { toDisputeEntity } from '../dispute/dtos/dispute.response';
import type { SimulateDisputeDto } from '../dispute/dtos/simulate-dispute.dto';
import type { CheckoutPaymentInput } from '../flows/checkout-payment';
import { payOrderFlow } from '../flows/pay-order.flow';
import { payQrCodeFlow } from '../flows/pay-qr-code.flow';
import { bankCaseNumber, raiseDisputeFlow } from '../flows/raise-dispute.flow';
import { refundPaymentFlow } from '../flows/refund-payment.flow';
import { InvoiceOrderLookup } from '../order/invoice-order-lookup';
import { EVERY_EXPANSION, toPaymentEntity } from '../payment/dtos/payment.response';
import { paymentDetailsProjection } from '../payment/payment-details/payment-details.projection';
import type { Payment } from '../payment/payment.decider';
import type { PaymentEvent } from '../payment/payment.events';
import type { PaymentsConfig } from '../payments.config';
import { TEST_KEYS_ONLY } from '../shared/test-mode';
import { checkoutOutcome, DECLINED } from '../test-bank/test-instruments';
import type { CheckoutOutcome } from '../test-bank/test-instruments';
import type { CheckoutAnswer } from './dtos/checkout-answer.response';
import type { SimulatePaymentDto } from './dtos/simulate-payment.dto';
import { MandateLookup } from '../subscription-mandate/mandate-lookup';
import {
  findMandate,
  saveTokenFragment,
  useDeclineFragment,
} from '../subscription-mandate/subscription-mandate';
import type { SavedToken } from '../subscription-mandate/subscription-mandate';
import { getPaymentDetails } from '../payment/payment-details/payment-details.query';

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
    const attempt: CheckoutPaymentInput = {
      request: dto,
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
    const payment: CommandResult<Payment, PaymentEvent> = orderId
      ? await runFlow(this.handler, payOrderFlow, { ...attempt, orderId })
      : await runFlow(this.handler, payQrCodeFlow, {
          ...attempt,
          qrCodeId: dto.qr_code_id as string,
          publicBaseUrl: (this.options.config as PaymentsConfig).PUBLIC_BASE_URL,
        });
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
        await runFlow(this.handler, refundPaymentFlow, {
          metadata,
          paymentId: attempt.paymentId,
          refundId: newId('rfnd'),
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

  /** A customer's bank disputes a captured payment (test keys only). */
  async dispute(caller: RequestContext, dto: SimulateDisputeDto): Promise<DisputeEntity> {
    if (caller.mode !== 'test') throw new ValidationFailed(TEST_KEYS_ONLY);
    const row = await runFlow(this.handler, raiseDisputeFlow, {
      metadata: this.clock.metadata(caller),
      paymentId: dto.payment_id,
      disputeId: newId('disp'),
      gatewayDisputeId: bankCaseNumber(),
      amount: dto.amount ?? null,
      reasonCode: dto.reason_code ?? 'general',
      phase: dto.phase ?? 'chargeback',
    });
    return toDisputeEntity(row);
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
    const request = {
      method: token.method,
      email: token.email ?? undefined,
      contact: token.contact ?? undefined,
      description: 'Subscription charge',
    };
    const paymentId = idFor('pay', `${charge.invoiceId}:${charge.attempt}`);
    const attempt: CheckoutPaymentInput = {
      request,
      metadata,
      outcome,
      paymentId,
      also: declined ? [useDeclineFragment(charge.subscriptionId)] : [],
    };
    await runFlow(this.handler, payOrderFlow, { ...attempt, orderId: charge.orderId }, options);
    return declined ? 'declined' : 'charged';
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
