import { Module } from '@nestjs/common';
import type { DynamicModule } from '@nestjs/common';
import {
  DueJobsSchema1763900000000,
  EventStoreSchema1763800000000,
  IdempotentOutcomes1765400000000,
  StreamSnapshots1766200000000,
  OutboxByAccount1765000000000,
} from '@platform/event-store';
import { CatchUpHorizons1765000000100, DeadLettersSchema1764200000000 } from '@platform/messaging';
import { EntityHistoryModule, ServiceKitModule } from '@platform/service-kit';
import { BALANCE_STREAM } from './balance/balance.decider';
import { BalanceModule } from './balance/balance.module';
import { SettlementSettingsRow } from './balance/settlement-settings/settlement-settings.entity';
import { SettlementSettings1764000000400 } from './balance/settlement-settings/settlement-settings.migration';
import { settlementSettingsProjection } from './balance/settlement-settings/settlement-settings.projection';
import { Ledger1764000000100 } from './ledger/ledger.migration';
import { LedgerModule } from './ledger/ledger.module';
import { ledgerProjection } from './ledger/ledger.projection';
import { OndemandSettlementDetailsRow } from './ondemand-settlement/ondemand-settlement-details/ondemand-settlement-details.entity';
import { OndemandSettlementDetails1764000000300 } from './ondemand-settlement/ondemand-settlement-details/ondemand-settlement-details.migration';
import { ondemandSettlementDetailsProjection } from './ondemand-settlement/ondemand-settlement-details/ondemand-settlement-details.projection';
import { ONDEMAND_SETTLEMENT_STREAM } from './ondemand-settlement/ondemand-settlement.decider';
import { FlowsModule } from './flows/flows.module';
import { OndemandSettlementModule } from './ondemand-settlement/ondemand-settlement.module';
import { CAPTURE_POSTING_STREAM } from './posting/capture-posting.decider';
import { DISPUTE_POSTING_STREAM } from './posting/dispute-posting.decider';
import { PostingModule } from './posting/posting.module';
import { REFUND_POSTING_STREAM } from './posting/refund-posting.decider';
import { ReconModule } from './recon/recon.module';
import { SettlementDetailsRow } from './settlement/settlement-details/settlement-details.entity';
import { SettlementDetails1764000000200 } from './settlement/settlement-details/settlement-details.migration';
import { settlementDetailsProjection } from './settlement/settlement-details/settlement-details.projection';
import { SETTLEMENT_STREAM } from './settlement/settlement.decider';
import { SettlementModule } from './settlement/settlement.module';
import type { SettlementsConfig } from './settlements.config';
import { settlementRedactions } from './settlement/settlement.history';

/** The consumer group of settlements' Kafka handlers. */
export const SETTLEMENTS_CONSUMER_GROUP = 'settlements';

export const SETTLEMENTS_ENTITIES = [
  SettlementDetailsRow,
  OndemandSettlementDetailsRow,
  SettlementSettingsRow,
];
export const SETTLEMENTS_MIGRATIONS = [
  EventStoreSchema1763800000000,
  DueJobsSchema1763900000000,
  Ledger1764000000100,
  SettlementDetails1764000000200,
  OndemandSettlementDetails1764000000300,
  SettlementSettings1764000000400,
  DeadLettersSchema1764200000000,
  OutboxByAccount1765000000000,
  CatchUpHorizons1765000000100,
  IdempotentOutcomes1765400000000,
  StreamSnapshots1766200000000,
];
/** Everything `rebuild-projections` rebuilds: the ledger, the settlements and the settings, from this service's events. */
export const SETTLEMENTS_READ_MODELS = {
  streamTypes: [
    CAPTURE_POSTING_STREAM,
    REFUND_POSTING_STREAM,
    DISPUTE_POSTING_STREAM,
    SETTLEMENT_STREAM,
    ONDEMAND_SETTLEMENT_STREAM,
    BALANCE_STREAM,
  ],
  projections: [
    ledgerProjection,
    settlementDetailsProjection,
    ondemandSettlementDetailsProjection,
    settlementSettingsProjection,
  ],
};

/** The ledger, settlement cycles, recon and on-demand settlements, from payments' events. */
@Module({})
export class AppModule {
  static register(config: SettlementsConfig): DynamicModule {
    return {
      module: AppModule,
      imports: [
        ServiceKitModule.forRoot({
          service: 'settlements',
          config,
          entities: SETTLEMENTS_ENTITIES,
          migrations: SETTLEMENTS_MIGRATIONS,
          relay: true,
          consumerGroup: SETTLEMENTS_CONSUMER_GROUP,
          scheduler: true,
          catchUpFrom: { payments: config.PAYMENTS_URL },
        }),
        LedgerModule,
        PostingModule,
        BalanceModule,
        SettlementModule,
        ReconModule,
        OndemandSettlementModule,
        FlowsModule,
        EntityHistoryModule.register({
          service: 'settlements',
          // Postings are the ledger's (their ids are payments', refunds' and disputes'), the balance is internal.
          streamTypes: [SETTLEMENT_STREAM, ONDEMAND_SETTLEMENT_STREAM],
          projections: SETTLEMENTS_READ_MODELS.projections,
          redactions: settlementRedactions,
        }),
      ],
    };
  }
}
