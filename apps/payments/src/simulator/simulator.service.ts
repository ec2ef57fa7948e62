import { Inject, Injectable } from '@nestjs/common';
import type { DisputeEntity } from '@platform/contracts';
import { idFor, newId, PaymentFailed, ValidationFailed } from '@platform/domain-kit';
import type { CommandMetadata } from '@platform/domain-kit';
import { CommandHandler, Database, runFlow } from '@platform/event-store';
import type { HandleOptions } from '@platform/event-store';
import type { RequestContext } from '@platform/http';
import { Clock, SERVICE_OPTIONS } from '@platform/service-kit';
import type { ServiceKitOptions } from '@platform/service-kit';
import { AcquirerDirectory } from '../acquirer/acquirer-directory';
import { CheckoutPaymentsService } from '../checkout/checkout-payments.service';
import type { CheckoutPayment } from '../checkout/checkout-payments.service';
import { CustomerLookup } from '../customer-directory/customer-lookup';
import { toDisputeEntity } from '../dispute/dtos/dispute.response';
import type { SimulateDisputeDto } from '../dispute/dtos/simulate-dispute.dto';
import { payOrderFlow } from '../flows/pay-order.flow';
import { payQrCodeFlow } from '../flows/pay-qr-code.flow';
import { bankCaseNumber, raiseDisputeFlow } from '../flows/raise-dispute.flow';
import { EVERY_EXPANSION, toPaymentEntity } from '../payment/dtos/payment.response';
import { paymentDetailsProjection } from '../payment/payment-details/payment-details.projection';
import { getPaymentLinkDetails } from '../payment-link/payment-link-details/payment-link-details.query';
import type { PaymentsConfig } from '../payments.config';
import { TEST_KEYS_ONLY } from '../common/test-mode';
import { findMandate, useDeclineFragment } from '../subscription-mandate/subscription-mandate';
import { CUSTOMER_APPROVES } from '../test-bank/test-bank';
import { DECLINED } from '../test-bank/test-instruments';
import type { CheckoutAnswer } from './dtos/checkout-answer.response';
import type { SimulatePaymentDto } from './dtos/simulate-payment.dto';

/**
 * Test mode's checkout (DESIGN.md "Test mode"), as a thin door onto the checkout's own path: the
 * payment begins (the target's rules, then the test bank), and its challenge is answered at once by
 * a customer who says yes (so nothing waits, `created`), and the instrument alone decides the
 * outcome. A declined payment is
 * recorded as `failed` and answered like checkout's failure callback: 400 with the payment's id
 * (and the order's) in the error's metadata.
 */
@Injectable()
export class SimulatorService {
  constructor(
    private readonly handler: CommandHandler,
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly checkout: CheckoutPaymentsService,
    private readonly acquirers: AcquirerDirectory,
    private readonly customers: CustomerLookup,
    @Inject(SERVICE_OPTIONS) private readonly options: ServiceKitOptions,
  ) {}

  async pay(caller: RequestContext, dto: SimulatePaymentDto): Promise<CheckoutAnswer> {
    if (caller.mode !== 'test') throw new ValidationFailed(TEST_KEYS_ONLY);
    const targets = [
      dto.order_id,
      dto.qr_code_id,
      dto.invoice_id,
      dto.subscription_id,
      dto.payment_link_id,
    ].filter((target) => target !== undefined);
    if (targets.length !== 1)
      throw new ValidationFailed(
        'Send exactly one of order_id, qr_code_id, invoice_id, subscription_id or payment_link_id: what this payment pays.',
        'order_id',
      );
    if (dto.qr_code_id !== undefined) return this.payQrCode(caller, dto, dto.qr_code_id);
    const target = {
      orderId: dto.order_id ?? (await this.linkOrder(caller, dto.payment_link_id)),
      invoiceId: dto.invoice_id,
      subscriptionId: dto.subscription_id,
    };
    const paid = await this.checkout.begin(caller, target, dto, dto, CUSTOMER_APPROVES);
    const paidFor: Record<string, string> = dto.invoice_id
      ? { invoice_id: dto.invoice_id }
      : dto.payment_link_id
        ? { payment_link_id: dto.payment_link_id }
        : {};
    if (paid.row.status === 'failed') throw this.checkout.failure(paid, paidFor);
    return answerOf(paid, paidFor);
  }

  /** A payment link's payments pay its order, as its page would (none given: not a link's payment). */
  private async linkOrder(
    caller: RequestContext,
    paymentLinkId: string | undefined,
  ): Promise<string | undefined> {
    if (paymentLinkId === undefined) return undefined;
    const link = await getPaymentLinkDetails(this.database, caller, paymentLinkId);
    if (!link) throw new ValidationFailed('The id provided does not exist', 'payment_link_id');
    return link.orderId;
  }

  /** A UPI app scanning the code: the test bank's answer, at once (nothing waits). */
  private async payQrCode(
    caller: RequestContext,
    dto: SimulatePaymentDto,
    qrCodeId: string,
  ): Promise<CheckoutAnswer> {
    const acquirer = this.acquirers.of(caller.mode);
    const metadata = this.clock.metadata(caller);
    const paymentId = newId('pay');
    const payment = await runFlow(this.handler, payQrCodeFlow, {
      metadata,
      paymentId,
      request: dto,
      qrCodeId,
      publicBaseUrl: (this.options.config as PaymentsConfig).PUBLIC_BASE_URL,
      customerContact: (customerId) => this.customers.contactOf(caller, customerId),
      authorize: async (amount) => {
        const begun = await acquirer.begin({
          paymentId,
          amount,
          currency: 'INR',
          instrument: dto,
          capture: true,
          now: metadata.now,
        });
        const authorization =
          'decided' in begun
            ? begun.decided
            : await acquirer.answer(paymentId, begun.challenge.pending, CUSTOMER_APPROVES);
        return { instrument: begun.instrument, authorization };
      },
    });
    const row = paymentDetailsProjection.view(payment.stream);
    if (!row) throw new Error(`payment ${paymentId} was not recorded`);
    if (row.error) {
      const { description, source, step, reason } = row.error;
      const ids = { payment_id: row.id, qr_code_id: qrCodeId };
      throw new PaymentFailed(description, undefined, { source, step, reason, metadata: ids });
    }
    // The payment as written (a keyed retry replays the first attempt's, not this one's id).
    return {
      razorpay_payment_id: row.id,
      razorpay_qr_code_id: qrCodeId,
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
   * (billing's `invoice.charge_requested`), through the mode's acquirer (none: nothing is charged).
   * Attempt n of an invoice always has the same payment id, so a request delivered twice charges
   * once. Test mode's switch declines it in the bank's place, without asking the acquirer.
   * `runner`: the consumer's inbox transaction, which the charge is part of.
   */
  async chargeSavedToken(
    metadata: CommandMetadata,
    charge: { subscriptionId: string; orderId: string; invoiceId: string; attempt: number },
    options: HandleOptions = {},
  ): Promise<'charged' | 'declined' | 'no-token' | 'no-acquirer'> {
    const acquirer = this.acquirers.find(metadata.mode);
    if (!acquirer) return 'no-acquirer';
    const mandate = await findMandate(
      options.runner ?? this.database,
      metadata,
      charge.subscriptionId,
    );
    if (!mandate?.token) return 'no-token';
    const token = mandate.token;
    const switchedToDecline = mandate.declinesRemaining > 0;
    const paymentId = idFor('pay', `${charge.invoiceId}:${charge.attempt}`);
    const instrument = {
      card: token.card,
      bank: token.bank,
      wallet: token.wallet,
      vpa: token.vpa,
      international: token.card?.international ?? false,
      disputeAfterCapture: false,
    };
    const request = {
      method: token.method,
      email: token.email ?? undefined,
      contact: token.contact ?? undefined,
      description: 'Subscription charge',
    };
    const authorize = async (order: { amount: number; currency: string; capture: boolean }) =>
      switchedToDecline
        ? ({ authorized: false, error: DECLINED } as const)
        : acquirer.chargeSaved({
            ...order,
            paymentId,
            method: token.method,
            instrument,
            now: metadata.now,
          });
    const payment = await runFlow(
      this.handler,
      payOrderFlow,
      {
        metadata,
        paymentId,
        request,
        orderId: charge.orderId,
        instrument,
        authorize,
        also: switchedToDecline ? [useDeclineFragment(charge.subscriptionId)] : [],
      },
      options,
    );
    return paymentDetailsProjection.view(payment.stream)?.error ? 'declined' : 'charged';
  }
}

/** What checkout hands the page: the ids of what was paid, and the payment. */
function answerOf(paid: CheckoutPayment, paidFor: Record<string, string>): CheckoutAnswer {
  const payment = toPaymentEntity(paid.row, EVERY_EXPANSION);
  if (paid.subscriptionId)
    return {
      razorpay_payment_id: paid.paymentId,
      razorpay_subscription_id: paid.subscriptionId,
      payment,
    };
  return {
    razorpay_payment_id: paid.paymentId,
    razorpay_order_id: paid.orderId,
    ...(paidFor['invoice_id'] ? { razorpay_invoice_id: paidFor['invoice_id'] } : {}),
    ...(paidFor['payment_link_id'] ? { razorpay_payment_link_id: paidFor['payment_link_id'] } : {}),
    payment,
  };
}
