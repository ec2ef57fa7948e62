import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import type { SettlementEntity } from '@platform/contracts';
import { NotFound } from '@platform/domain-kit';
import { Database } from '@platform/event-store';
import { Caller, EntityIdParam, ListQuery, toCollection } from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { toSettlementEntity } from './dtos/settlement.response';
import {
  getSettlementDetails,
  listSettlementDetails,
} from './settlement-details/settlement-details.query';

@ApiTags('Settlements')
@Controller('v1/settlements')
export class SettlementController {
  constructor(private readonly database: Database) {}

  /**
   * List settlements, newest first
   *
   * @remarks The scheduled settlements of the account and mode. A settlement cycle runs every day
   * at 00:00 UTC, on the account's clock (in test mode POST /v1/simulator/clock/advance
   * moves it). For each currency it pays out, in one settlement, every captured payment at
   * least the account's settlement delay old (2 days unless the platform's operator
   * changed it), with every refund, dispute adjustment and on-demand settlement not
   * settled yet. A currency whose transactions add up to nothing or less settles nothing
   * that day.
   *
   * On-demand settlements are listed by GET /v1/settlements/ondemand.
   *
   * @returns A page of settlements
   */
  // Newest first; `from`/`to`/`count`/`skip` as every list.
  @Get()
  async listSettlements(
    @Caller() caller: RequestContext,
    @Query() query: ListQuery,
  ): Promise<Collection<SettlementEntity>> {
    return toCollection(
      (await listSettlementDetails(this.database, caller, query)).map(toSettlementEntity),
    );
  }

  /**
   * Fetch a settlement
   *
   * @returns The settlement
   */
  @EntityIdParam('settlement', 'setl')
  @Get(':id')
  async fetchSettlement(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
  ): Promise<SettlementEntity> {
    const row = await getSettlementDetails(this.database, caller, id);
    if (!row) throw new NotFound();
    return toSettlementEntity(row);
  }
}
