import { Injectable } from '@nestjs/common';
import type { DisputeEntity } from '@platform/contracts';
import { NotFound, ValidationFailed } from '@platform/domain-kit';
import { CommandHandler, Database, orNotFound } from '@platform/event-store';
import type { RequestContext } from '@platform/http';
import { Clock } from '@platform/service-kit';
import { existingDocuments } from '../document/document-details/document-details.query';
import { disputeDetailsProjection } from './dispute-details/dispute-details.projection';
import { getDisputeDetails } from './dispute-details/dispute-details.query';
import type { DisputeCommand } from './dispute.commands';
import { EVIDENCE_CATEGORIES } from './dispute.events';
import type { Evidence } from './dispute.events';
import { onDispute } from './dispute.stream';
import type { ContestDisputeDto } from './dtos/contest-dispute.dto';
import { toDisputeEntity } from './dtos/dispute.response';

/** The merchant's answers to a dispute (a bank raises one through the raise-dispute flow). */
@Injectable()
export class DisputeService {
  constructor(
    private readonly handler: CommandHandler,
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  /** Lost at once, the disputed amount deducted. */
  accept(caller: RequestContext, id: string): Promise<DisputeEntity> {
    return this.run(id, { type: 'AcceptDispute', data: {}, metadata: this.clock.metadata(caller) });
  }

  /** Saves evidence (`action: draft`, the default) or submits it (`submit`); its documents must be the account's. */
  async contest(
    caller: RequestContext,
    id: string,
    dto: ContestDisputeDto,
  ): Promise<DisputeEntity> {
    const { action = 'draft', ...sent } = dto;
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
    const row = orNotFound(disputeDetailsProjection.view(stream));
    return toDisputeEntity(row);
  }
}
