import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { DisputeEntity, PaymentEntity } from '@platform/contracts';
import { Database, orNotFound } from '@platform/event-store';
import {
  Caller,
  EntityIdParam,
  ExpandQuery,
  Expansions,
  ListQuery,
  toCollection,
} from '@platform/http';
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
  /**
   * Only with `expand[]=payment` (GET /v1/disputes/{id}): the disputed payment, without its card
   * object.
   */
  payment?: PaymentEntity | null;
  /**
   * Only with `expand[]=transaction` or `expand[]=transaction.settlement` (GET /v1/disputes/{id}):
   * the disputed payment's ledger transaction; null for a payment that was never captured.
   */
  transaction?: TransactionEntity | null;
};

@ApiTags('Disputes')
@Controller('v1/disputes')
export class DisputeController {
  constructor(
    private readonly disputes: DisputeService,
    private readonly database: Database,
    private readonly settlements: PaymentSettlementLookup,
  ) {}

  /**
   * List disputes, newest first
   *
   * @remarks Every dispute of the account and mode. Disputes are raised by customers' banks (in
   * test mode: POST /v1/simulator/disputes, or a payment with the dispute test card
   * 4000000000000259 once captured).
   *
   * @returns A page of disputes
   */
  @Get()
  async listDisputes(
    @Caller() caller: RequestContext,
    @Query() query: ListQuery,
  ): Promise<Collection<DisputeEntity>> {
    return toCollection(
      (await listDisputeDetails(this.database, caller, query)).map(toDisputeEntity),
    );
  }

  /**
   * Fetch a dispute
   *
   * @returns The dispute
   */
  // `expand[]=payment` adds the payment; `expand[]=transaction` adds the captured payment's ledger
  // transaction, and `expand[]=transaction.settlement` that with its settlement. The transaction
  // needs settlements' word on a payment whose settlement has not reached payments: while
  // settlements cannot be reached, such a fetch is a 500 (see PaymentSettlementLookup).
  @EntityIdParam('dispute', 'disp')
  @ExpandQuery(
    "`payment`: include the disputed payment in `payment`. `transaction`: include `transaction`, the disputed payment's ledger transaction (null for a payment never captured); `transaction.settlement`: the same, with the settlement that paid it out in its `settlement`. Every encoding clients use is read: `expand[]=payment`, `expand[0]=payment`, `expand=payment`, and the official SDK's `expand[expand]=payment` and `expand[expand][0]=payment`. Other values are ignored.",
    { enum: ['payment', 'transaction.settlement', 'transaction'] },
  )
  @Get(':id')
  async fetchDispute(
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

  /**
   * Accept a dispute
   *
   * @remarks You do not contest it: the dispute is `lost` at once, and its whole amount is deducted
   * (`amount_deducted`). No body is needed.
   *
   * Refused with 400: a dispute that is not open ("Only an open dispute can be accepted;
   * this one is <status>."), or one whose `respond_by` has passed ("The dispute can no
   * longer be accepted: its respond_by has passed.").
   *
   * @returns The lost dispute
   */
  @EntityIdParam('dispute', 'disp')
  @Post(':id/accept')
  @HttpCode(200)
  acceptDispute(@Caller() caller: RequestContext, @Param('id') id: string): Promise<DisputeEntity> {
    return this.disputes.accept(caller, id);
  }

  /**
   * Contest a dispute: save or submit evidence
   *
   * @remarks Saves evidence (`action` `draft`, the default: the dispute stays `open`) or submits it
   * (`submit`). Upload the documents first with POST /v1/documents.
   *
   * A submission puts the dispute `under_review`, and the bank decides 3 days after it, on
   * the account's clock (test mode: POST /v1/simulator/clock/advance moves it): `won` when
   * the evidence includes at least one document, `lost` otherwise (the disputed amount
   * deducted). A `fraud` or `retrieval` dispute only asks for information: submitting
   * closes it (`closed`).
   *
   * Refused with 400:
   *
   * - a dispute that is not open ("Only an open dispute can be contested; this one is
   * <status>."), or one whose `respond_by` has passed ("The dispute can no longer be
   * contested: its respond_by has passed.")
   *
   * - "The amount may not be greater than the disputed amount (<amount>)."
   *
   * - a document that is not the account's in the key's mode: "The document <id> does not
   * exist."
   *
   * - a submission without a summary or a document: "A submission needs a summary or at
   * least one document."
   *
   * @returns The dispute with its evidence
   */
  @EntityIdParam('dispute', 'disp')
  @Patch(':id/contest')
  contestDispute(
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
