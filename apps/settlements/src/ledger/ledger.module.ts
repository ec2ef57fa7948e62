import { Module } from '@nestjs/common';
import { LedgerAudit } from './ledger-audit';
import { LedgerController } from './ledger.controller';

@Module({ controllers: [LedgerController], providers: [LedgerAudit], exports: [LedgerAudit] })
export class LedgerModule {}
