import { Controller, Get, Query } from '@nestjs/common';
import { Database } from '@platform/event-store';
import { Caller, toCollection } from '@platform/http';
import type { Collection, RequestContext } from '@platform/http';
import { ReconListQuery } from './dtos/recon-list.query';
import { toReconRow } from './dtos/recon-row.response';
import type { ReconRow } from './dtos/recon-row.response';
import { settledLines } from './recon.query';
import { CatchUp } from '@platform/service-kit';

@CatchUp()
@Controller('v1/settlements/recon')
export class ReconController {
  constructor(private readonly database: Database) {}

  /** Every transaction settled in the month (or day): for each settlement, its rows' credits minus debits are its amount. */
  @Get('combined')
  async combined(
    @Caller() caller: RequestContext,
    @Query() query: ReconListQuery,
  ): Promise<Collection<ReconRow>> {
    return toCollection((await settledLines(this.database, caller, query, query)).map(toReconRow));
  }
}
