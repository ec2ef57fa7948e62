import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import type { DisputeEntity, PaymentEntity } from '@platform/contracts';
import { Database, orNotFound } from '@platform/event-store';
import { Caller, Expansions, ListQuery, toCollection } from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { toPaymentEntity } from '../payment/dtos/payment.response';
import type { PaymentDetailsRow } from '../payment/payment-details/payment-details.entity';
import { getPaymentDetails } from '../payment/payment-details/payment-details.query';
import { PaymentSettlementLookup } from '../settlement-directory/payment-settlement-lookup';
import { getDisputeDetails, listDisputeDetails } from './dispute-details/dispute-details.query';
import { DisputeService } from './dispute.service';
import { ContestDisputeDto } from './dtos/contest-dispute.dto';
import { toDisputeEntity } from './dtos/dispute.response';
import { toTransactionEntity } from './dtos/dispute-transaction.response';
import type { TransactionEntity } from './dtos/dispute-transaction.response';

/** A dispute, with `payment` and `transaction` when expanded. */
type ExpandedDispute = DisputeEntity & {
  payment?: PaymentEntity | null;
  transaction?: TransactionEntity | null;
};

@Controller('v1/disputes')
export class DisputeController {
  constructor(
    private readonly disputes: DisputeService,
    private readonly database: Database,
    private readonly settlements: PaymentSettlementLookup,
  ) {}

  @Get()
  async list(
    @Caller() caller: RequestContext,
    @Query() query: ListQuery,
  ): Promise<Collection<DisputeEntity>> {
    return toCollection(
      (await listDisputeDetails(this.database, caller, query)).map(toDisputeEntity),
    );
  }

  /**
   * `expand[]=payment` adds the payment; `expand[]=transaction` adds the captured payment's ledger
   * transaction, and `expand[]=transaction.settlement` that with its settlement. The transaction
   * needs settlements' word on a payment whose settlement has not reached payments: while
   * settlements cannot be reached, such a fetch is a 500 (see PaymentSettlementLookup).
   */
  @Get(':id')
  async fetch(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Expansions() expand: string[],
  ): Promise<ExpandedDispute> {
    const row = orNotFound(await getDisputeDetails(this.database, caller, id));
    const dispute: ExpandedDispute = toDisputeEntity(row);
    const withSettlement = expand.includes('transaction.settlement');
    const withTransaction = withSettlement || expand.includes('transaction');
    const payment =
      expand.includes('payment') || withTransaction
        ? await getPaymentDetails(this.database, caller, row.paymentId)
        : null;
    if (expand.includes('payment')) dispute.payment = payment ? toPaymentEntity(payment) : null;
    if (withTransaction)
      dispute.transaction = await this.transactionOf(caller, payment, withSettlement);
    return dispute;
  }

  /** Lost at once, the disputed amount deducted. */
  @Post(':id/accept')
  @HttpCode(200)
  accept(@Caller() caller: RequestContext, @Param('id') id: string): Promise<DisputeEntity> {
    return this.disputes.accept(caller, id);
  }

  /** Saves evidence (`action: draft`, the default) or submits it (`submit`); its documents must be the account's. */
  @Patch(':id/contest')
  contest(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() body: ContestDisputeDto,
  ): Promise<DisputeEntity> {
    return this.disputes.contest(caller, id, body);
  }

  /** A payment never captured moved no money: it has no transaction. */
  private async transactionOf(
    caller: RequestContext,
    payment: PaymentDetailsRow | null,
    withSettlement: boolean,
  ): Promise<TransactionEntity | null> {
    if (!payment?.captured) return null;
    return toTransactionEntity(
      payment,
      await this.settlements.settlementOf(caller, payment.id),
      withSettlement,
    );
  }
}
