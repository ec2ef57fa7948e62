import { Injectable } from '@nestjs/common';
import type { PaymentEntity, RefundEntity } from '@platform/contracts';
import { DomainError, idFor, NotFound } from '@platform/domain-kit';
import { CommandHandler, Database, orNotFound } from '@platform/event-store';
import type { CommandResult } from '@platform/event-store';
import { normalizeNotes } from '@platform/http';
import type { NotesUpdateDto, RequestContext } from '@platform/http';
import { Clock } from '@platform/service-kit';
import { paymentOfOrderEvents } from '../order/order.integration';
import { onOrder } from '../order/order.stream';
import type { CreateRefundDto } from '../refund/dtos/create-refund.dto';
import { toRefundEntity } from '../refund/dtos/refund.response';
import { issueRefund } from '../refund/issue-refund';
import { getRefundDetails } from '../refund/refund-details/refund-details.query';
import type { CapturePaymentDto } from './dtos/capture-payment.dto';
import { toPaymentEntity } from './dtos/payment.response';
import { paymentDetailsProjection } from './payment-details/payment-details.projection';
import type { Payment } from './payment.decider';
import type { CapturePayment } from './payment.commands';
import type { PaymentEvent } from './payment.events';
import { paymentIntegrationEvents } from './payment.integration';
import { onPayment } from './payment.stream';

/** The payment use cases of the API: capture, notes and refunds. */
@Injectable()
export class PaymentService {
  constructor(
    private readonly handler: CommandHandler,
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  /**
   * Captures an authorized payment and, for a payment on an order, adds it to the order's amount paid
   * in the same statement (the order may become paid: `order.paid`). Of concurrent captures one wins.
   */
  async capture(
    caller: RequestContext,
    paymentId: string,
    dto: CapturePaymentDto,
  ): Promise<PaymentEntity> {
    const metadata = this.clock.metadata(caller);
    const capture: CapturePayment = {
      type: 'CapturePayment',
      data: { amount: dto.amount, currency: dto.currency ?? null },
      metadata,
    };
    const [payment] = await this.handler.handleThen(
      // Its events are published below: with its order's when it has one (see paymentOfOrderEvents).
      { ...onPayment(paymentId, capture), outbox: undefined },
      ({ state }) =>
        state.status === 'captured' && state.orderId
          ? onOrder(state.orderId, {
              type: 'RecordCapture',
              data: { paymentId, amount: state.amount },
              metadata,
            })
          : null,
      {
        outbox: (payment, order) =>
          order
            ? paymentOfOrderEvents(payment, order)
            : paymentIntegrationEvents(payment.appended, payment.stream),
      },
    );
    return entityOf(payment);
  }

  async editNotes(
    caller: RequestContext,
    paymentId: string,
    dto: NotesUpdateDto,
  ): Promise<PaymentEntity> {
    return entityOf(
      await this.handler.handle(
        onPayment(paymentId, {
          type: 'EditPaymentNotes',
          data: { notes: normalizeNotes(dto.notes) },
          metadata: this.clock.metadata(caller),
        }),
      ),
    );
  }

  /**
   * With an idempotency key, the refund's id is made from it (and the payment): a retry whose first
   * attempt was written but whose answer was lost (the service or the gateway went away) finds that
   * refund and answers it, instead of refunding a second time. Under the gateway's own key store,
   * this is what makes a keyed refund happen once even across crashes.
   */
  async refund(
    caller: RequestContext,
    paymentId: string,
    dto: CreateRefundDto,
  ): Promise<RefundEntity> {
    const refundId = caller.idempotencyKey
      ? idFor('rfnd', `${caller.accountId}:${caller.mode}:${paymentId}:${caller.idempotencyKey}`)
      : undefined;
    const earlier = refundId && (await this.refundOf(caller, paymentId, refundId));
    if (earlier) return earlier;
    try {
      const refund = await issueRefund(this.handler, this.clock.metadata(caller), {
        paymentId,
        amount: dto.amount ?? null,
        speed: dto.speed ?? 'normal',
        notes: normalizeNotes(dto.notes),
        receipt: dto.receipt ?? null,
        automatic: false,
        refundId,
      });
      if (!refund) throw new NotFound(); // a refund asked for through the API is either made or refused
      return toRefundEntity(refund);
    } catch (error) {
      // A concurrent attempt with the same key won: its refund is the answer.
      const winner =
        refundId &&
        error instanceof DomainError &&
        (await this.refundOf(caller, paymentId, refundId));
      if (winner) return winner;
      throw error;
    }
  }

  private async refundOf(
    caller: RequestContext,
    paymentId: string,
    refundId: string,
  ): Promise<RefundEntity | null> {
    const row = await getRefundDetails(this.database, caller, refundId);
    return row && row.paymentId === paymentId ? toRefundEntity(row) : null;
  }
}

function entityOf(result: CommandResult<Payment, PaymentEvent>): PaymentEntity {
  const row = orNotFound(paymentDetailsProjection.view(result.stream));
  return toPaymentEntity(row);
}
