import { Injectable } from '@nestjs/common';
import type { RefundEntity } from '@platform/contracts';
import { CommandHandler, orNotFound } from '@platform/event-store';
import { normalizeNotes } from '@platform/http';
import type { NotesUpdateDto, RequestContext } from '@platform/http';
import { Clock } from '@platform/service-kit';
import { toRefundEntity } from './dtos/refund.response';
import { refundDetailsProjection } from './refund-details/refund-details.projection';
import { onRefund } from './refund.stream';

/** The refund use cases of the API (a refund is issued through its payment: PaymentService.refund). */
@Injectable()
export class RefundService {
  constructor(
    private readonly handler: CommandHandler,
    private readonly clock: Clock,
  ) {}

  /** Only `notes` can change. */
  async editNotes(
    caller: RequestContext,
    refundId: string,
    dto: NotesUpdateDto,
  ): Promise<RefundEntity> {
    const { stream } = await this.handler.handle(
      onRefund(refundId, {
        type: 'EditRefundNotes',
        data: { notes: normalizeNotes(dto.notes) },
        metadata: this.clock.metadata(caller),
      }),
    );
    const row = orNotFound(refundDetailsProjection.view(stream));
    return toRefundEntity(row);
  }
}
