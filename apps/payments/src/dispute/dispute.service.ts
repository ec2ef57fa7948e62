import { randomInt } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import type { DisputeEntity } from '@platform/contracts';
import type { CommandMetadata } from '@platform/domain-kit';
import { newId, NotFound, ValidationFailed } from '@platform/domain-kit';
import { CommandHandler, Database, orNotFound } from '@platform/event-store';
import type { RequestContext } from '@platform/http';
import { Clock } from '@platform/service-kit';
import { existingDocuments } from '../document/document-details/document-details.query';
import { onPayment } from '../payment/payment.stream';
import { TEST_KEYS_ONLY } from '../simulator/simulator.service';
import { disputeDetailsProjection } from './dispute-details/dispute-details.projection';
import { getDisputeDetails } from './dispute-details/dispute-details.query';
import type { DisputeDetailsRow } from './dispute-details/dispute-details.entity';
import type { DisputeCommand } from './dispute.commands';
import { RESPONSE_WINDOW_MS } from './dispute.decider';
import { EVIDENCE_CATEGORIES } from './dispute.events';
import type { DisputePhase, Evidence } from './dispute.events';
import { onDispute } from './dispute.stream';
import type { ContestDisputeDto } from './dtos/contest-dispute.dto';
import { toDisputeEntity } from './dtos/dispute.response';
import type { SimulateDisputeDto } from './dtos/simulate-dispute.dto';

export interface DisputeRequest {
  paymentId: string;
  /** null: all the payment still has that can be disputed. */
  amount: number | null;
  reasonCode: string;
  phase: DisputePhase;
}

/** The dispute use cases: a bank raises one (the simulator, the dispute test card), the merchant answers. */
@Injectable()
export class DisputeService {
  constructor(
    private readonly handler: CommandHandler,
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  /**
   * A bank raises a dispute: the payment records it (its rules keep the amount within captured minus
   * refunded minus disputed, also under concurrent disputes, by its stream version), then the dispute
   * starts with the amount the payment recorded, both in one statement. Each is decided once, by the
   * command handler.
   */
  async raise(metadata: CommandMetadata, request: DisputeRequest): Promise<DisputeDetailsRow> {
    const disputeId = newId('disp');
    const gatewayDisputeId = bankCaseNumber();
    const { paymentId } = request;
    const [, dispute] = await this.handler.handleThen(
      onPayment(paymentId, {
        type: 'RecordDispute',
        data: { disputeId, amount: request.amount },
        metadata,
      }),
      ({ state, appended }) => {
        const recorded = appended.find((event) => event.type === 'PaymentDisputed');
        if (!recorded || recorded.type !== 'PaymentDisputed' || state.status === 'new')
          throw new Error('a dispute must be recorded on its payment');
        const terms = {
          paymentId,
          amount: recorded.data.amount,
          currency: state.currency,
          reasonCode: request.reasonCode,
          phase: request.phase,
          respondBy: metadata.now + RESPONSE_WINDOW_MS,
          gatewayDisputeId,
        };
        return onDispute(
          disputeId,
          { type: 'RaiseDispute', data: { disputeId, terms }, metadata },
          true,
        );
      },
    );
    return orNotFound(dispute && disputeDetailsProjection.view(dispute.stream));
  }

  /** A customer's bank disputes a captured payment: the simulator's, test keys only. */
  async simulate(caller: RequestContext, dto: SimulateDisputeDto): Promise<DisputeEntity> {
    if (caller.mode !== 'test') throw new ValidationFailed(TEST_KEYS_ONLY);
    const row = await this.raise(this.clock.metadata(caller), {
      paymentId: dto.payment_id,
      amount: dto.amount ?? null,
      reasonCode: dto.reason_code ?? 'general',
      phase: dto.phase ?? 'chargeback',
    });
    return toDisputeEntity(row);
  }

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

/** The case number a customer's bank gives a dispute (12 digits, as card networks number chargebacks). */
function bankCaseNumber(): string {
  return Array.from({ length: 12 }, () => randomInt(10)).join('');
}
