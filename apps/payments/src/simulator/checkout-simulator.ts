import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { PaymentEntity } from '@platform/contracts';
import { IllegalTransition, newId, PaymentFailed, ValidationFailed } from '@platform/domain-kit';
import type { CommandMetadata } from '@platform/domain-kit';
import { CommandHandler } from '@platform/event-store';
import type { CommandResult } from '@platform/event-store';
import { normalizeNotes } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { Clock } from '@platform/service-kit';
import { amountDue, orderKind } from '../order/order.decider';
import type { Order } from '../order/order.decider';
import type { OrderEvent } from '../order/order.events';
import { orderPaidEvents } from '../order/order.integration';
import { onOrder } from '../order/order.stream';
import { toPaymentEntity } from '../payment/dtos/payment.response';
import { paymentDetailsProjection } from '../payment/payment-details/payment-details.projection';
import type { Payment } from '../payment/payment.decider';
import type { PaymentDetails, PaymentEvent } from '../payment/payment.events';
import { onPayment } from '../payment/payment.stream';
import type { SimulatePaymentDto } from './dtos/simulate-payment.dto';
import { checkoutOutcome } from './test-instruments';
import type { CheckoutOutcome } from './test-instruments';

/** What checkout hands the integrator's page; the gateway adds `razorpay_signature`. */
export interface CheckoutAnswer {
  razorpay_payment_id: string;
  razorpay_order_id: string;
  payment: PaymentEntity;
}

/**
 * Test mode's checkout (DESIGN.md "Test mode"): the instrument decides the outcome. The payment and
 * the order's attempt (and, with the order's payment_capture, the capture and maybe `order.paid`)
 * are written in one statement. A declined payment is recorded as `failed` and answered like
 * checkout's failure callback: 400 with the payment and order ids in the error's metadata.
 */
@Injectable()
export class CheckoutSimulator {
  constructor(
    private readonly handler: CommandHandler,
    private readonly clock: Clock,
  ) {}

  async pay(caller: RequestContext, dto: SimulatePaymentDto): Promise<CheckoutAnswer> {
    if (caller.mode !== 'test') throw new ValidationFailed('The simulator works with test mode keys only: live payments come from a real checkout.');
    const metadata = this.clock.metadata(caller);
    const outcome = checkoutOutcome(dto, metadata.now);
    const paymentId = newId('pay');
    const [payment] = await this.handler.handleAll(
      metadata,
      async (reader) => {
        const { state: order } = await reader.read(orderKind, dto.order_id);
        if (order.status === 'new') throw new ValidationFailed('The id provided does not exist', 'order_id');
        if (dto.currency !== undefined && dto.currency !== order.terms.currency) throw new ValidationFailed(`The currency must be the order currency (${order.terms.currency}).`, 'currency');
        const details = paymentDetails(dto, outcome, { amount: dto.amount ?? amountDue(order), currency: order.terms.currency });
        const authorized = outcome.error === null;
        const capture = authorized && order.terms.paymentCapture;
        return [
          onPayment(paymentId, paymentCommand(paymentId, details, outcome, capture, metadata), true),
          onOrder(dto.order_id, { type: 'RecordPaymentAttempt', data: { paymentId, amount: details.amount, authorized, captured: capture }, metadata }),
        ] as const;
      },
      ([paid, order]) => orderPaidEvents(order as CommandResult<Order, OrderEvent>, paid as CommandResult<Payment, PaymentEvent>),
    );
    const row = paymentDetailsProjection.view(payment.stream);
    if (!row) throw new IllegalTransition('The payment could not be made.');
    if (outcome.error) {
      const { description, source, step, reason } = outcome.error;
      throw new PaymentFailed(description, undefined, { source, step, reason, metadata: { payment_id: paymentId, order_id: dto.order_id } });
    }
    return { razorpay_payment_id: paymentId, razorpay_order_id: dto.order_id, payment: toPaymentEntity(row, true) };
  }
}

function paymentDetails(dto: SimulatePaymentDto, outcome: CheckoutOutcome, money: { amount: number; currency: string }): PaymentDetails {
  return {
    ...money,
    method: dto.method,
    orderId: dto.order_id,
    invoiceId: null,
    card: outcome.card ? { id: newId('card'), ...outcome.card } : null,
    bank: outcome.bank,
    wallet: outcome.wallet,
    vpa: outcome.vpa,
    email: dto.email ?? null,
    contact: dto.contact ?? null,
    description: dto.description ?? null,
    notes: normalizeNotes(dto.notes),
    international: outcome.international,
    disputeAfterCapture: outcome.disputeAfterCapture,
  };
}

function paymentCommand(paymentId: string, details: PaymentDetails, outcome: CheckoutOutcome, capture: boolean, metadata: CommandMetadata) {
  if (outcome.error) return { type: 'DeclinePayment' as const, data: { paymentId, details, error: outcome.error }, metadata };
  return { type: 'AuthorizePayment' as const, data: { paymentId, details, acquirerData: acquirerData(details), capture }, metadata };
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
