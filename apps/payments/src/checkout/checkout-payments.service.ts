import { Injectable } from '@nestjs/common';
import { newId, PaymentFailed, ValidationFailed } from '@platform/domain-kit';
import type { CommandMetadata } from '@platform/domain-kit';
import { CommandHandler, Database, runFlow } from '@platform/event-store';
import type { CommandResult } from '@platform/event-store';
import type { RequestContext } from '@platform/http';
import { EventCatchUp } from '@platform/messaging';
import { Clock } from '@platform/service-kit';
import type { CustomerResponse, InstrumentInput } from '../acquirer/acquirer';
import { AcquirerDirectory } from '../acquirer/acquirer-directory';
import { CustomerLookup } from '../customer-directory/customer-lookup';
import { answerCheckoutPaymentFlow } from '../flows/answer-checkout-payment.flow';
import { beginCheckoutPaymentFlow } from '../flows/begin-checkout-payment.flow';
import type { CheckoutRequest } from '../flows/checkout-payment';
import { refundPaymentFlow } from '../flows/refund-payment.flow';
import { InvoiceOrderLookup } from '../order/invoice-order-lookup';
import { getOrderDetails } from '../order/order-details/order-details.query';
import type { PaymentDetailsRow } from '../payment/payment-details/payment-details.entity';
import { paymentDetailsProjection } from '../payment/payment-details/payment-details.projection';
import { getPaymentDetails } from '../payment/payment-details/payment-details.query';
import type { Payment } from '../payment/payment.decider';
import type { PaymentEvent } from '../payment/payment.events';
import { MandateLookup } from '../subscription-mandate/mandate-lookup';
import { findMandate } from '../subscription-mandate/subscription-mandate';

/** What a checkout payment pays: exactly one of them. */
export interface CheckoutTarget {
  orderId?: string;
  invoiceId?: string;
  subscriptionId?: string;
}

/** A checkout payment as it stands after a step: `created` (with its challenge), or decided. */
export interface CheckoutPayment {
  paymentId: string;
  orderId: string;
  subscriptionId: string | null;
  row: PaymentDetailsRow;
}

/** Billing opens invoices' and subscriptions' orders: caught up on before an order is "not found". */
const ORDER_OWNERS = ['billing'];

/**
 * The one way a customer pays (DESIGN.md "The customer's side"), for the checkout API, the test
 * bank's pages and the simulator alike: begin (the target's rules, then the acquirer of the
 * caller's mode), then the customer's answer to the acquirer's challenge. A subscription's token
 * payment is refunded once authorized, as the simulator always did.
 */
@Injectable()
export class CheckoutPaymentsService {
  constructor(
    private readonly handler: CommandHandler,
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly acquirers: AcquirerDirectory,
    private readonly invoiceOrders: InvoiceOrderLookup,
    private readonly mandates: MandateLookup,
    private readonly customers: CustomerLookup,
    private readonly catchUp: EventCatchUp,
  ) {}

  async begin(
    caller: RequestContext,
    target: CheckoutTarget,
    request: CheckoutRequest,
    instrument: InstrumentInput,
    customerResponse?: CustomerResponse,
  ): Promise<CheckoutPayment> {
    const acquirer = this.acquirers.of(caller.mode);
    const metadata = this.clock.metadata(caller);
    const { orderId, subscriptionId } = await this.orderOf(caller, target, metadata);
    const paymentId = newId('pay');
    const { payment } = await runFlow(this.handler, beginCheckoutPaymentFlow, {
      metadata,
      paymentId,
      request,
      orderId,
      subscriptionId,
      instrument,
      acquirer,
      customerResponse,
      customerContact: (customerId) => this.customers.contactOf(caller, customerId),
    });
    return this.settled(metadata, { paymentId, orderId, subscriptionId }, payment);
  }

  /** The customer's answer to a created payment's challenge (`metadata`: its account, on its clock). */
  async answer(
    metadata: CommandMetadata,
    paymentId: string,
    response: CustomerResponse,
  ): Promise<CheckoutPayment> {
    const { payment, subscriptionId } = await runFlow(this.handler, answerCheckoutPaymentFlow, {
      metadata,
      paymentId,
      response,
      acquirerNamed: (name) => this.acquirers.named(name),
    });
    const orderId = paymentDetailsProjection.view(payment.stream)?.orderId as string;
    return this.settled(metadata, { paymentId, orderId, subscriptionId }, payment);
  }

  /** A failed payment, as checkout's failure callback reports it (400 with the payment's ids). */
  failure({ row, paymentId, orderId }: CheckoutPayment, more: Record<string, string> = {}) {
    const { description, source, step, reason } = row.error ?? {
      description: 'The payment failed.',
      source: 'NA',
      step: 'NA',
      reason: 'NA',
    };
    const metadata = { payment_id: paymentId, order_id: orderId, ...more };
    return new PaymentFailed(description, undefined, { source, step, reason, metadata });
  }

  private async orderOf(
    caller: RequestContext,
    target: CheckoutTarget,
    metadata: CommandMetadata,
  ): Promise<{ orderId: string; subscriptionId: string | null }> {
    if (target.subscriptionId !== undefined) {
      // What payments has not heard of yet (created a moment ago) is asked of billing.
      const mandate = await this.mandates.authorizable(caller, target.subscriptionId, metadata);
      const invoiceOrder =
        mandate.authorizationInvoiceId !== null
          ? await this.invoiceOrders.orderOf(caller, mandate.authorizationInvoiceId, metadata)
          : null;
      return {
        orderId: invoiceOrder ?? mandate.authorizationOrderId,
        subscriptionId: mandate.subscriptionId,
      };
    }
    if (target.invoiceId !== undefined)
      return {
        orderId: await this.invoiceOrders.orderOf(caller, target.invoiceId, metadata),
        subscriptionId: null,
      };
    const orderId = target.orderId;
    if (orderId === undefined)
      throw new ValidationFailed('The order_id field is required.', 'order_id');
    if (!(await getOrderDetails(this.database, caller, orderId)))
      await this.catchUp.forCaller(caller, ORDER_OWNERS);
    return { orderId, subscriptionId: null };
  }

  /** The payment after the step; an authorized subscription token payment is given back at once. */
  private async settled(
    metadata: CommandMetadata,
    ids: Omit<CheckoutPayment, 'row'>,
    payment: CommandResult<Payment, PaymentEvent>,
  ): Promise<CheckoutPayment> {
    const row = paymentDetailsProjection.view(payment.stream);
    if (!row) throw new Error(`payment ${ids.paymentId} was not recorded`);
    // The payment as written: a keyed retry replays the first attempt's payment, whose id is not
    // the one this attempt drew.
    const paymentId = row.id;
    if (!ids.subscriptionId || (row.status !== 'captured' && row.status !== 'authorized'))
      return { ...ids, paymentId, row };
    const mandate = await findMandate(this.database, metadata, ids.subscriptionId);
    if (!mandate?.refundAuthorization) return { ...ids, paymentId, row };
    // A token payment only proves the instrument: it is given back at once.
    await runFlow(this.handler, refundPaymentFlow, {
      metadata,
      paymentId,
      refundId: newId('rfnd'),
      amount: null,
      speed: 'optimum',
      notes: { reason: 'subscription authorization' },
      receipt: null,
      automatic: false,
    });
    return {
      ...ids,
      paymentId,
      row: (await getPaymentDetails(this.database, metadata, paymentId)) ?? row,
    };
  }
}
