import { Body, Controller, Get, Param, Patch, Query } from '@nestjs/common';
import type { RefundEntity } from '@platform/contracts';
import { NotFound } from '@platform/domain-kit';
import { CommandHandler, Database } from '@platform/event-store';
import { Caller, ListQuery, normalizeNotes, NotesUpdateDto, toCollection } from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { Clock } from '@platform/service-kit';
import { toRefundEntity } from './dtos/refund.response';
import { refundDetailsProjection } from './refund-details/refund-details.projection';
import { getRefundDetails, listRefundDetails } from './refund-details/refund-details.query';
import { onRefund } from './refund.stream';

@Controller('v1/refunds')
export class RefundController {
  constructor(
    private readonly handler: CommandHandler,
    private readonly database: Database,
    private readonly clock: Clock,
  ) {}

  @Get()
  async list(
    @Caller() caller: RequestContext,
    @Query() query: ListQuery,
  ): Promise<Collection<RefundEntity>> {
    return toCollection(
      (await listRefundDetails(this.database, caller, query)).map(toRefundEntity),
    );
  }

  @Get(':id')
  async fetch(@Caller() caller: RequestContext, @Param('id') id: string): Promise<RefundEntity> {
    const row = await getRefundDetails(this.database, caller, id);
    if (!row) throw new NotFound();
    return toRefundEntity(row);
  }

  /** Only `notes` can change. */
  @Patch(':id')
  async edit(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() body: NotesUpdateDto,
  ): Promise<RefundEntity> {
    const { stream } = await this.handler.handle(
      onRefund(id, {
        type: 'EditRefundNotes',
        data: { notes: normalizeNotes(body.notes) },
        metadata: this.clock.metadata(caller),
      }),
    );
    const row = refundDetailsProjection.view(stream);
    if (!row) throw new NotFound();
    return toRefundEntity(row);
  }
}
