import { Controller, Get, Param } from '@nestjs/common';
import type { SettlementEntity } from '@platform/contracts';
import { NotFound } from '@platform/domain-kit';
import { Database, sql } from '@platform/event-store';
import { Caller } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { toSettlementEntity } from './dtos/settlement.response';
import { getSettlementDetails } from './settlement-details/settlement-details.query';

const SETTLEMENT_OF_PAYMENT = sql(
  'payment-settlement.of',
  `SELECT settlement_id FROM ledger_transactions WHERE id = $1 AND kind = 'capture' AND account_id = $2 AND mode = $3`,
);

/** A payment's settlement, for payments (whose own copy, from settlement.processed, may not have it yet). */
export interface PaymentSettlement {
  payment_id: string;
  settlement: SettlementEntity;
  /** Unix seconds. */
  settled_at: number;
}

/**
 * Internal: the processed settlement that paid a captured payment out, asked by payments when a
 * dispute is expanded before `settlement.processed` reached it. 400 "does not exist" when the payment
 * is not (or not yet) in a processed settlement.
 */
@Controller('internal/payments')
export class PaymentSettlementController {
  constructor(private readonly database: Database) {}

  @Get(':id/settlement')
  async fetch(
    @Caller() caller: RequestContext,
    @Param('id') paymentId: string,
  ): Promise<PaymentSettlement> {
    const [line] = await this.database.query<{ settlement_id: string | null }>(
      SETTLEMENT_OF_PAYMENT,
      [paymentId, caller.accountId, caller.mode],
    );
    const settlement = line?.settlement_id
      ? await getSettlementDetails(this.database, caller, line.settlement_id)
      : null;
    if (!settlement || settlement.status !== 'processed' || settlement.processedAt === null)
      throw new NotFound();
    return {
      payment_id: paymentId,
      settlement: toSettlementEntity(settlement),
      settled_at: settlement.processedAt,
    };
  }
}
