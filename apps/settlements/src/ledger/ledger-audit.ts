import { Injectable, Logger } from '@nestjs/common';
import type { BeforeApplicationShutdown, OnApplicationBootstrap } from '@nestjs/common';
import { Database, sql } from '@platform/event-store';
import { metricsRegistry } from '@platform/service-kit';
import { Gauge } from 'prom-client';

const PAGE = 50_000;
const CHECK_EVERY_MS = 10_000;

/**
 * Entries committed after a point, in commit order; only transactions every reader can see (the xmin
 * guard). Ordered by the columns (qualified), not by the text output columns of the same names.
 */
const ENTRIES_AFTER = sql(
  'ledger-audit.entries-after',
  `SELECT xact_id::text AS xact_id, id::text AS id, account_id, mode, currency, debit::float8 AS debit, credit::float8 AS credit FROM ledger_entries
    WHERE (xact_id, id) > ($1::text::xid8, $2::bigint) AND xact_id < pg_snapshot_xmin(pg_current_snapshot())
    ORDER BY ledger_entries.xact_id, ledger_entries.id LIMIT ${PAGE}`,
);

const unbalanced = new Gauge({
  name: 'ledger_unbalanced_accounts',
  help: 'Account and mode pairs whose ledger entries do not balance (debits ≠ credits in some currency); 0 when the books are right',
  registers: [metricsRegistry],
});

/**
 * Checks, all the time, that every account's ledger balances, and reports how many do not as the
 * `ledger_unbalanced_accounts` gauge. Entries are never changed, so each round adds only the
 * entries committed since the last to running sums: the first round reads them all, later ones
 * only what is new. Reading in commit order under the xmin guard never skips a slow commit.
 */
@Injectable()
export class LedgerAudit implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(LedgerAudit.name);
  private readonly sums = new Map<string, { pair: string; difference: number }>();
  private after = { xactId: '0', id: '0' };
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(private readonly database: Database) {}

  onApplicationBootstrap(): void {
    this.timer = setInterval(
      () =>
        void this.check().catch((error: unknown) =>
          this.logger.warn(`ledger audit failed: ${String(error)}`),
        ),
      CHECK_EVERY_MS,
    );
    this.timer.unref();
    void this.check().catch(() => undefined);
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.running?.catch(() => undefined);
  }

  /** Reads what was committed since the last round; returns the number of unbalanced (account, mode) pairs. */
  check(): Promise<number> {
    this.running ??= this.readNewEntries().finally(() => (this.running = null));
    return this.running;
  }

  private async readNewEntries(): Promise<number> {
    for (;;) {
      const rows = await this.database.query<{
        xact_id: string;
        id: string;
        account_id: string;
        mode: string;
        currency: string;
        debit: number;
        credit: number;
      }>(ENTRIES_AFTER, [this.after.xactId, this.after.id]);
      for (const row of rows) {
        const key = `${row.account_id}|${row.mode}|${row.currency}`;
        const sum = this.sums.get(key) ?? { pair: `${row.account_id}|${row.mode}`, difference: 0 };
        sum.difference += row.debit - row.credit;
        this.sums.set(key, sum);
      }
      if (rows.length > 0)
        this.after = { xactId: rows[rows.length - 1].xact_id, id: rows[rows.length - 1].id };
      if (rows.length < PAGE) break;
    }
    const pairs = new Set(
      [...this.sums.values()].filter((sum) => sum.difference !== 0).map((sum) => sum.pair),
    );
    unbalanced.set(pairs.size);
    if (pairs.size > 0)
      this.logger.error(
        `ledger does not balance for ${[...pairs].slice(0, 10).join(', ')}${pairs.size > 10 ? ' and more' : ''}`,
      );
    return pairs.size;
  }
}
