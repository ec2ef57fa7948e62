import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import type { DisputeEntity, PaymentEntity } from '@platform/contracts';
import { NotFound, ValidationFailed } from '@platform/domain-kit';
import { CommandHandler, Database } from '@platform/event-store';
import { Caller, Expansions, ListQuery, toCollection } from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { Clock } from '@platform/service-kit';
import { existingDocuments } from '../document/document-details/document-details.query';
import { toPaymentEntity } from '../payment/dtos/payment.response';
import type { PaymentDetailsRow } from '../payment/payment-details/payment-details.entity';
import { getPaymentDetails } from '../payment/payment-details/payment-details.query';
import { PaymentSettlementLookup } from '../settlement-directory/payment-settlement-lookup';
import { disputeDetailsProjection } from './dispute-details/dispute-details.projection';
import { getDisputeDetails, listDisputeDetails } from './dispute-details/dispute-details.query';
import type { DisputeDetailsRow } from './dispute-details/dispute-details.entity';
import type { DisputeCommand } from './dispute.commands';
import { EVIDENCE_CATEGORIES } from './dispute.events';
import type { Evidence } from './dispute.events';
import { onDispute } from './dispute.stream';
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
    private readonly handler: CommandHandler,
    private readonly database: Database,
    private readonly clock: Clock,
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
    const row = await getDisputeDetails(this.database, caller, id);
    if (!row) throw new NotFound();
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
    return this.run(id, { type: 'AcceptDispute', data: {}, metadata: this.clock.metadata(caller) });
  }

  /** Saves evidence (`action: draft`, the default) or submits it (`submit`); its documents must be the account's. */
  @Patch(':id/contest')
  async contest(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() body: ContestDisputeDto,
  ): Promise<DisputeEntity> {
    const { action = 'draft', ...sent } = body;
    const evidence = Object.fromEntries(
      Object.entries(sent).filter(([, value]) => value !== undefined),
    ) as Partial<Evidence>;
    if (!(await getDisputeDetails(this.database, caller, id))) throw new NotFound();
    await this.checkDocuments(caller, evidence);
    return this.run(id, {
      type: 'ContestDispute',
      data: { evidence, action },
      metadata: this.clock.metadata(caller),
    });
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

  private async checkDocuments(caller: RequestContext, evidence: Partial<Evidence>): Promise<void> {
    const cited = [
      ...EVIDENCE_CATEGORIES.flatMap((category) =>
        (evidence[category] ?? []).map((id) => ({ id, field: category as string })),
      ),
      ...(evidence.others ?? []).flatMap((other) =>
        other.document_ids.map((id) => ({ id, field: 'others' })),
      ),
    ];
    const found = await existingDocuments(
      this.database,
      caller,
      cited.map((document) => document.id),
    );
    const missing = cited.find((document) => !found.has(document.id));
    if (missing)
      throw new ValidationFailed(`The document ${missing.id} does not exist.`, missing.field);
  }

  private async run(id: string, command: DisputeCommand): Promise<DisputeEntity> {
    const { stream } = await this.handler.handle(onDispute(id, command));
    const row: DisputeDetailsRow | null = disputeDetailsProjection.view(stream);
    if (!row) throw new NotFound();
    return toDisputeEntity(row);
  }
}
