import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The double-entry ledger, a read model of the service's events: a row per transaction and a row
 * per leg. Amounts are never updated or deleted; a correction is a new transaction. What changes on
 * a line is only which settlement holds it: set when a settlement takes it, cleared if that
 * settlement fails, and never held by two settlements at once (`ledger_line_held_once`).
 */
export class Ledger1764000000100 implements MigrationInterface {
  name = 'Ledger1764000000100';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE ledger_transactions (
        id text PRIMARY KEY,
        kind text NOT NULL,
        account_id text NOT NULL,
        mode text NOT NULL CHECK (mode IN ('test', 'live')),
        currency text NOT NULL,
        posted_at bigint NOT NULL,
        balance_delta bigint NOT NULL,
        line boolean NOT NULL,
        settlement_id text,
        held_by_settlements smallint NOT NULL DEFAULT 0 CONSTRAINT ledger_line_held_once CHECK (held_by_settlements IN (0, 1)),
        recon jsonb
      )`);
    // What a settlement cycle and an on-demand request read: the lines nobody has settled yet.
    await runner.query(
      'CREATE INDEX ledger_unsettled_lines ON ledger_transactions (account_id, mode, currency, kind, posted_at) WHERE line AND settlement_id IS NULL',
    );
    // A settlement's lines in recon order (the report pages through them by offset).
    await runner.query(
      'CREATE INDEX ledger_lines_by_settlement ON ledger_transactions (settlement_id, posted_at, id) WHERE settlement_id IS NOT NULL',
    );
    await runner.query(`
      CREATE TABLE ledger_entries (
        id bigserial PRIMARY KEY,
        xact_id xid8 NOT NULL DEFAULT pg_current_xact_id(),
        ledger_transaction_id text NOT NULL,
        account_id text NOT NULL,
        mode text NOT NULL,
        currency text NOT NULL,
        ledger_account text NOT NULL,
        debit bigint NOT NULL CHECK (debit >= 0),
        credit bigint NOT NULL CHECK (credit >= 0)
      )`);
    await runner.query(
      'CREATE INDEX ledger_entries_by_tenant ON ledger_entries (account_id, mode, currency, ledger_account)',
    );
    await runner.query('CREATE INDEX ledger_entries_by_commit ON ledger_entries (xact_id, id)');
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TABLE ledger_entries');
    await runner.query('DROP TABLE ledger_transactions');
  }
}
