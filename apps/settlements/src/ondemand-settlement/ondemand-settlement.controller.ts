import { Controller, Get, Param, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { NotFound } from '@platform/domain-kit';
import { Database } from '@platform/event-store';
import {
  Caller,
  EntityIdParam,
  ExpandQuery,
  Expansions,
  ListQuery,
  toCollection,
} from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { toOndemandSettlementEntity } from './dtos/ondemand-settlement.response';
import type { OndemandSettlementEntity } from './dtos/ondemand-settlement.response';
import {
  getOndemandSettlementDetails,
  listOndemandSettlementDetails,
} from './ondemand-settlement-details/ondemand-settlement-details.query';

const PAYOUTS = 'ondemand_payouts';

@ApiTags('Settlements')
@Controller('v1/settlements/ondemand')
export class OndemandSettlementController {
  constructor(private readonly database: Database) {}

  /**
   * List on-demand settlements, newest first
   *
   * @returns A page of on-demand settlements
   */
  // `expand[]=ondemand_payouts` adds each settlement's payouts.
  @ExpandQuery(
    "`ondemand_payouts`: include each settlement's payouts in `ondemand_payouts`. Every encoding clients use is read: `expand[]=ondemand_payouts`, `expand[0]=ondemand_payouts`, `expand=ondemand_payouts`, and the official SDK's `expand[expand]=ondemand_payouts`. Other values are ignored.",
    { enum: ['ondemand_payouts'] },
  )
  @Get()
  async listOndemandSettlements(
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

  /**
   * Fetch an on-demand settlement
   *
   * @returns The on-demand settlement
   */
  @EntityIdParam('on-demand settlement', 'setlod')
  @ExpandQuery(
    "`ondemand_payouts`: include each settlement's payouts in `ondemand_payouts`. Every encoding clients use is read: `expand[]=ondemand_payouts`, `expand[0]=ondemand_payouts`, `expand=ondemand_payouts`, and the official SDK's `expand[expand]=ondemand_payouts`. Other values are ignored.",
    { enum: ['ondemand_payouts'] },
  )
  @Get(':id')
  async fetchOndemandSettlement(
    @Caller() caller: RequestContext,
    @Param('id') id: string,
    @Expansions() expand: string[],
  ): Promise<OndemandSettlementEntity> {
    const row = await getOndemandSettlementDetails(this.database, caller, id);
    if (!row) throw new NotFound();
    return toOndemandSettlementEntity(row, expand.includes(PAYOUTS));
  }
}
