import { Inject, Injectable } from '@nestjs/common';
import type { SettlementEntity } from '@platform/contracts';
import { Database } from '@platform/event-store';
import { askOwner } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { SERVICE_OPTIONS } from '@platform/service-kit';
import type { ServiceKitOptions } from '@platform/service-kit';
import type { PaymentsConfig } from '../payments.config';
import { findPaymentSettlement } from './settlement-directory.query';
import type { PaymentSettlement } from './settlement-directory.query';

/** The body of settlements' `GET /internal/payments/:id/settlement` (200). */
interface SettlementsAnswer {
  settlement: SettlementEntity;
  settled_at: number;
}

/**
 * The processed settlement that paid a payment out, or null while none has. The directory that
 * settlements' events keep is asked first; a payment it has no settlement for (the event may still
 * be in flight) is asked of settlements itself, over its internal API, so an answer is never
 * "unsettled" only because an event has not arrived.
 *
 * When settlements cannot answer (unreachable, or a 5xx) this throws DependencyUnavailable, and the
 * request asking is a 503 with Retry-After: saying "unsettled" unasked could be wrong. Only
 * payments the directory does not know as settled need settlements, so an outage of settlements
 * affects nothing else, and nothing once the settlement's event has arrived.
 */
@Injectable()
export class PaymentSettlementLookup {
  constructor(
    private readonly database: Database,
    @Inject(SERVICE_OPTIONS) private readonly options: ServiceKitOptions,
  ) {}

  async settlementOf(caller: RequestContext, paymentId: string): Promise<PaymentSettlement | null> {
    return (
      (await findPaymentSettlement(this.database, caller, paymentId)) ??
      this.askSettlements(caller, paymentId)
    );
  }

  private async askSettlements(
    caller: RequestContext,
    paymentId: string,
  ): Promise<PaymentSettlement | null> {
    const config = this.options.config as PaymentsConfig;
    const path = `/internal/payments/${encodeURIComponent(paymentId)}/settlement`;
    const answer = await askOwner<SettlementsAnswer>({
      baseUrl: config.SETTLEMENTS_URL,
      path,
      internalToken: config.INTERNAL_TOKEN,
      caller,
      what: `payment ${paymentId}'s settlement`,
    });
    return answer && toPaymentSettlement(answer, paymentId);
  }
}

function toPaymentSettlement(answer: SettlementsAnswer, paymentId: string): PaymentSettlement {
  if (answer?.settlement?.entity !== 'settlement' || !Number.isSafeInteger(answer.settled_at))
    throw new Error(`settlements answered an unreadable settlement for payment ${paymentId}`);
  return { settlement: answer.settlement, settledAt: answer.settled_at };
}
