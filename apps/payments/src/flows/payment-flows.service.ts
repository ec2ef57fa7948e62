import { Injectable } from '@nestjs/common';
import type { PaymentEntity, RefundEntity } from '@platform/contracts';
import { DomainError, idFor, newId, NotFound } from '@platform/domain-kit';
import { CommandHandler, Database, runFlow } from '@platform/event-store';
import { normalizeNotes } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { Clock } from '@platform/service-kit';
import { AcquirerDirectory } from '../acquirer/acquirer-directory';
import type { CapturePaymentDto } from '../payment/dtos/capture-payment.dto';
import type { CreateRefundDto } from '../refund/dtos/create-refund.dto';
import { toRefundEntity } from '../refund/dtos/refund.response';
import { getRefundDetails } from '../refund/refund-details/refund-details.query';
import { capturePaymentFlow } from './capture-payment.flow';
import { refundPaymentFlow } from './refund-payment.flow';

/** The API's requests that run a flow on a payment: capture and refund. */
@Injectable()
export class PaymentFlowsService {
  constructor(
    private readonly handler: CommandHandler,
    private readonly database: Database,
    private readonly clock: Clock,
    private readonly acquirers: AcquirerDirectory,
  ) {}

  capture(
    caller: RequestContext,
    paymentId: string,
    dto: CapturePaymentDto,
  ): Promise<PaymentEntity> {
    return runFlow(this.handler, capturePaymentFlow, {
      metadata: this.clock.metadata(caller),
      paymentId,
      amount: dto.amount,
      currency: dto.currency ?? null,
      acquirer: this.acquirers.find(caller.mode),
    });
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
    const keyed = caller.idempotencyKey
      ? idFor('rfnd', `${caller.accountId}:${caller.mode}:${paymentId}:${caller.idempotencyKey}`)
      : undefined;
    const earlier = keyed && (await this.refundOf(caller, paymentId, keyed));
    if (earlier) return earlier;
    try {
      const refund = await runFlow(this.handler, refundPaymentFlow, {
        metadata: this.clock.metadata(caller),
        paymentId,
        refundId: keyed ?? newId('rfnd'),
        amount: dto.amount ?? null,
        speed: dto.speed ?? 'normal',
        notes: normalizeNotes(dto.notes),
        receipt: dto.receipt ?? null,
        automatic: false,
      });
      if (!refund) throw new NotFound(); // a refund asked for through the API is either made or refused
      return toRefundEntity(refund);
    } catch (error) {
      // A concurrent attempt with the same key won: its refund is the answer.
      const winner =
        keyed && error instanceof DomainError && (await this.refundOf(caller, paymentId, keyed));
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
