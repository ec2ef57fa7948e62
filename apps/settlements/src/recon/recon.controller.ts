import { Controller, Get, Query } from '@nestjs/common';
import { ApiTags } from '@nestjs/swagger';
import { Database } from '@platform/event-store';
import { Caller, toCollection } from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { ReconListQuery } from './dtos/recon-list.query';
import { toReconRow } from './dtos/recon-row.response';
import type { ReconRow } from './dtos/recon-row.response';
import { settledLines } from './recon.query';
import { CatchUp } from '@platform/service-kit';

@ApiTags('Settlements')
@CatchUp()
@Controller('v1/settlements/recon')
export class ReconController {
  constructor(private readonly database: Database) {}

  /**
   * Settlement recon: the transactions settled in a month or a day
   *
   * @remarks Every transaction settled by the settlements processed in the month (or, with `day`,
   * the day) asked for, in UTC: settlement by settlement, oldest first, each settlement's
   * transactions in the order they reached the ledger. For each settlement, its rows'
   * credits less their debits are its amount.
   *
   * @returns A page of settled transactions
   */
  @Get('combined')
  async settlementRecon(
    @Caller() caller: RequestContext,
    @Query() query: ReconListQuery,
  ): Promise<Collection<ReconRow>> {
    return toCollection((await settledLines(this.database, caller, query, query)).map(toReconRow));
  }
}
