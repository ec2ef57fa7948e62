import { Controller, Get } from '@nestjs/common';
import { Database } from '@platform/event-store';
import { Caller } from '@platform/http';
import type { RequestContext } from '@platform/http';
import { ledgerView } from './ledger-balances.query';
import type { LedgerView } from './ledger-balances.query';
import { CatchUp } from '@platform/service-kit';

/** Internal (the gateway's admin API): an account's ledger in one mode, and whether it balances. */
@CatchUp()
@Controller('internal/ledger')
export class LedgerController {
  constructor(private readonly database: Database) {}

  @Get()
  view(@Caller() caller: RequestContext): Promise<LedgerView> {
    return ledgerView(this.database, caller);
  }
}
