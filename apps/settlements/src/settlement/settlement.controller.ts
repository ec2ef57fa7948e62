import { Controller, Get, Param, Query } from '@nestjs/common';
import type { SettlementEntity } from '@platform/contracts';
import { NotFound } from '@platform/domain-kit';
import { Database } from '@platform/event-store';
import { Caller, ListQuery, toCollection } from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { toSettlementEntity } from './dtos/settlement.response';
import {
  getSettlementDetails,
  listSettlementDetails,
} from './settlement-details/settlement-details.query';

@Controller('v1/settlements')
export class SettlementController {
  constructor(private readonly database: Database) {}

  /** Newest first; `from`/`to`/`count`/`skip` as every list. */
  @Get()
  async list(
    @Caller() caller: RequestContext,
    @Query() query: ListQuery,
  ): Promise<Collection<SettlementEntity>> {
    return toCollection(
      (await listSettlementDetails(this.database, caller, query)).map(toSettlementEntity),
    );
  }

  @Get(':id')
  async fetch(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
  ): Promise<SettlementEntity> {
    const row = await getSettlementDetails(this.database, caller, id);
    if (!row) throw new NotFound();
    return toSettlementEntity(row);
  }
}
