import { Controller, Get, Param, Query } from '@nestjs/common';
import { NotFound } from '@platform/domain-kit';
import { Database } from '@platform/event-store';
import { Caller, Expansions, ListQuery, toCollection } from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { toOndemandSettlementEntity } from './dtos/ondemand-settlement.response';
import type { OndemandSettlementEntity } from './dtos/ondemand-settlement.response';
import {
  getOndemandSettlementDetails,
  listOndemandSettlementDetails,
} from './ondemand-settlement-details/ondemand-settlement-details.query';

const PAYOUTS = 'ondemand_payouts';

@Controller('v1/settlements/ondemand')
export class OndemandSettlementController {
  constructor(private readonly database: Database) {}

  /** `expand[]=ondemand_payouts` adds each settlement's payouts. */
  @Get()
  async list(
    @Caller() caller: RequestContext,
    @Query() query: ListQuery,
    @Expansions() expand: string[],
  ): Promise<Collection<OndemandSettlementEntity>> {
    return toCollection(
      (await listOndemandSettlementDetails(this.database, caller, query)).map((row) =>
        toOndemandSettlementEntity(row, expand.includes(PAYOUTS)),
      ),
    );
  }

  @Get(':id')
  async fetch(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Expansions() expand: string[],
  ): Promise<OndemandSettlementEntity> {
    const row = await getOndemandSettlementDetails(this.database, caller, id);
    if (!row) throw new NotFound();
    return toOndemandSettlementEntity(row, expand.includes(PAYOUTS));
  }
}
