import { Controller, Get, Param } from '@nestjs/common';
import { NotFound } from '@platform/domain-kit';
import { Database } from '@platform/event-store';
import { Caller } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { toPaymentSettlement } from './dtos/payment-settlement.response';
import type { PaymentSettlement } from './dtos/payment-settlement.response';
import { getProcessedSettlementOfPayment } from './settlement-details/settlement-details.query';
import { CatchUp } from '@platform/service-kit';

/**
 * Internal: the processed settlement that paid a captured payment out, asked by payments when a
 * dispute is expanded before `settlement.processed` reached it. 400 "does not exist" when the payment
 * is not (or not yet) in a processed settlement.
 */
@CatchUp()
@Controller('internal/payments')
export class PaymentSettlementController {
  constructor(private readonly database: Database) {}

  @Get(':id/settlement')
  async fetch(
    @Caller() caller: RequestContext,
    @Param('id') paymentId: string,
  ): Promise<PaymentSettlement> {
    const settlement = await getProcessedSettlementOfPayment(this.database, caller, paymentId);
    if (!settlement) throw new NotFound();
    return toPaymentSettlement(paymentId, settlement);
  }
}
