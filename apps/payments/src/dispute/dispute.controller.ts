import { Body, Controller, Get, HttpCode, Param, Patch, Post, Query } from '@nestjs/common';
import type { DisputeEntity, PaymentEntity } from '@platform/contracts';
import { NotFound, ValidationFailed } from '@platform/domain-kit';
import { CommandHandler, Database } from '@platform/event-store';
import { Caller, Expansions, ListQuery, toCollection } from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { Clock } from '@platform/service-kit';
import { existingDocuments } from '../document/document-details/document-details.query';
import { toPaymentEntity } from '../payment/dtos/payment.response';
import { getPaymentDetails } from '../payment/payment-details/payment-details.query';
import { disputeDetailsProjection } from './dispute-details/dispute-details.projection';
import { getDisputeDetails, listDisputeDetails } from './dispute-details/dispute-details.query';
import type { DisputeDetailsRow } from './dispute-details/dispute-details.entity';
import type { DisputeCommand } from './dispute.commands';
import { EVIDENCE_CATEGORIES } from './dispute.events';
import type { Evidence } from './dispute.events';
import { onDispute } from './dispute.stream';
import { ContestDisputeDto } from './dtos/contest-dispute.dto';
import { toDisputeEntity } from './dtos/dispute.response';

/** A dispute, with `payment` and `transaction` when expanded (no settlement exists yet: null). */
type ExpandedDispute = DisputeEntity & { payment?: PaymentEntity | null; transaction?: null };

@Controller('v1/disputes')
export class DisputeController {
  constructor(
    private readonly handler: CommandHandler,
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  @Get()
  async list(@Caller() caller: RequestContext, @Query() query: ListQuery): Promise<Collection<DisputeEntity>> {
    return toCollection((await listDisputeDetails(this.database, caller, query)).map(toDisputeEntity));
  }

  /** `expand[]=payment` adds the payment; `expand[]=transaction.settlement` adds `transaction`, null until settlements exist. */
  @Get(':id')
  async fetch(@Caller() caller: RequestContext, @Param('id') id: string, @Expansions() expand: string[]): Promise<ExpandedDispute> {
    const row = await getDisputeDetails(this.database, caller, id);
    if (!row) throw new NotFound();
    const dispute: ExpandedDispute = toDisputeEntity(row);
    if (expand.includes('payment')) {
      const payment = await getPaymentDetails(this.database, caller, row.paymentId);
      dispute.payment = payment ? toPaymentEntity(payment) : null;
    }
    if (expand.includes('transaction.settlement') || expand.includes('transaction')) dispute.transaction = null;
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
  async contest(@Caller() caller: RequestContext, @Param('id') id: string, @Body() body: ContestDisputeDto): Promise<DisputeEntity> {
    const { action = 'draft', ...sent } = body;
    const evidence = Object.fromEntries(Object.entries(sent).filter(([, value]) => value !== undefined)) as Partial<Evidence>;
    if (!(await getDisputeDetails(this.database, caller, id))) throw new NotFound();
    await this.checkDocuments(caller, evidence);
    return this.run(id, { type: 'ContestDispute', data: { evidence, action }, metadata: this.clock.metadata(caller) });
  }

  private async checkDocuments(caller: RequestContext, evidence: Partial<Evidence>): Promise<void> {
    const cited = [...EVIDENCE_CATEGORIES.flatMap((category) => (evidence[category] ?? []).map((id) => ({ id, field: category as string }))), ...(evidence.others ?? []).flatMap((other) => other.document_ids.map((id) => ({ id, field: 'others' })))];
    const found = await existingDocuments(this.database, caller, cited.map((document) => document.id));
    const missing = cited.find((document) => !found.has(document.id));
    if (missing) throw new ValidationFailed(`The document ${missing.id} does not exist.`, missing.field);
  }

  private async run(id: string, command: DisputeCommand): Promise<DisputeEntity> {
    const { stream } = await this.handler.handle(onDispute(id, command));
    const row: DisputeDetailsRow | null = disputeDetailsProjection.view(stream);
    if (!row) throw new NotFound();
    return toDisputeEntity(row);
  }
}
