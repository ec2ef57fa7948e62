import { Body, Controller, Get, Param, Patch, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { RefundEntity } from '@platform/contracts';
import { Database, orNotFound } from '@platform/event-store';
import { Caller, EntityIdParam, ListQuery, NotesUpdateDto, toCollection } from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { toRefundEntity } from './dtos/refund.response';
import { getRefundDetails, listRefundDetails } from './refund-details/refund-details.query';
import { RefundService } from './refund.service';

@ApiTags('Refunds')
@Controller('v1/refunds')
export class RefundController {
  constructor(
    private readonly refunds: RefundService,
    private readonly database: Database,
  ) {}

  /**
   * List refunds, newest first
   *
   * @remarks The refunds of every payment of the account and mode, automatic ones included. Refunds
   * are made with POST /v1/payments/{id}/refund.
   *
   * @returns A page of refunds
   */
  @Get()
  async listRefunds(
    @Caller() caller: RequestContext,
    @Query() query: ListQuery,
  ): Promise<Collection<RefundEntity>> {
    return toCollection(
      (await listRefundDetails(this.database, caller, query)).map(toRefundEntity),
    );
  }

  /**
   * Fetch a refund
   *
   * @returns The refund
   */
  @EntityIdParam('refund', 'rfnd')
  @Get(':id')
  async fetchRefund(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
  ): Promise<RefundEntity> {
    const row = orNotFound(await getRefundDetails(this.database, caller, id));
    return toRefundEntity(row);
  }

  /**
   * Edit the notes of a refund
   *
   * @returns The refund with its new notes
   */
  // Only `notes` can change.
  @EntityIdParam('refund', 'rfnd')
  @Patch(':id')
  editRefund(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Body() body: NotesUpdateDto,
  ): Promise<RefundEntity> {
    return this.refunds.editNotes(caller, id, body);
  }
}
