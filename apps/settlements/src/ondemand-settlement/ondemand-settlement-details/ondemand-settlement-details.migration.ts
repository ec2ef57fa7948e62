import { ReadModelTableMigration } from '@platform/event-store';

export class OndemandSettlementDetails1764000000300 extends ReadModelTableMigration {
  name = 'OndemandSettlementDetails1764000000300';
  protected readonly table = 'ondemand_settlements';
  protected readonly columns = `
    currency text NOT NULL,
    amount_requested bigint NOT NULL,
    settle_full_balance boolean NOT NULL,
    description text,
    notes jsonb NOT NULL,
    fees bigint NOT NULL,
    tax bigint NOT NULL,
    status text NOT NULL,
    payouts jsonb NOT NULL,
    processed_at bigint,
    reversed_at bigint`;
}
