import { Body, Controller, Get, Param, Patch, Query } from '@nestjs/common';
import type { RefundEntity } from '@platform/contracts';
import { Database, orNotFound } from '@platform/event-store';
import { Caller, ListQuery, NotesUpdateDto, toCollection } from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { toRefundEntity } from './dtos/refund.response';
import { getRefundDetails, listRefundDetails } from './refund-details/refund-details.query';
import { RefundService } from './refund.service';

@Controller('v1/refunds')
export class RefundController {
  constructor(
    private readonly refunds: RefundService,
    private readonly database: Database,
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
    const row = orNotFound(await getRefundDetails(this.database, caller, id));
    return toRefundEntity(row);
  }

  /** Only `notes` can change. */
  @Patch(':id')
  edit(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() body: NotesUpdateDto,
  ): Promise<RefundEntity> {
    return this.refunds.editNotes(caller, id, body);
  }
}
