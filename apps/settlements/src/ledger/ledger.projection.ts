import { sql } from '@platform/event-store';
import type {
  InlineProjection,
  SqlFragment,
  SqlRunner,
  Statement,
  StoredEvent,
  StreamChange,
} from '@platform/event-store';
import { balanceDelta } from './ledger-accounts';
import type { LedgerTransaction } from './ledger-accounts';
import { LEDGER_EVENT_TYPES, ledgerEffectOf } from './ledger-postings';
import type { LedgerEffect } from './ledger-postings';

const INSERT_TRANSACTIONS = `INSERT INTO ledger_transactions (id, kind, account_id, mode, currency, posted_at, balance_delta, line, recon)
  SELECT t.id, t.kind, t.account_id, t.mode, t.currency, t.posted_at, t.balance_delta, t.line, t.recon
    FROM jsonb_to_recordset($1::jsonb) AS t(id text, kind text, account_id text, mode text, currency text, posted_at bigint, balance_delta bigint, line boolean, recon jsonb)
  RETURNING 1`;
const INSERT_ENTRIES = `INSERT INTO ledger_entries (ledger_transaction_id, account_id, mode, currency, ledger_account, debit, credit)
  SELECT e.ledger_transaction_id, e.account_id, e.mode, e.currency, e.ledger_account, e.debit, e.credit
    FROM jsonb_to_recordset($1::jsonb) AS e(ledger_transaction_id text, account_id text, mode text, currency text, ledger_account text, debit bigint, credit bigint)
  RETURNING 1`;
/** A line already held by a settlement breaks ledger_line_held_once: the whole write fails. */
const SETTLE_LINES = `UPDATE ledger_transactions SET settlement_id = $1, held_by_settlements = held_by_settlements + 1 WHERE id = ANY($2::text[]) AND line RETURNING 1`;
const RELEASE_LINES = `UPDATE ledger_transactions SET settlement_id = NULL, held_by_settlements = 0 WHERE settlement_id = $1 RETURNING 1`;
const CLEAR = [
  sql('ledger.clear-entries', 'DELETE FROM ledger_entries'),
  sql('ledger.clear-transactions', 'DELETE FROM ledger_transactions'),
];
/** The same writes as named statements, for replaying events one page at a time. */
const REPLAY = new Map(
  Object.entries({ INSERT_TRANSACTIONS, INSERT_ENTRIES, SETTLE_LINES, RELEASE_LINES }).map(
    ([name, text]) => [text, sql(`ledger.replay.${name}`, text)],
  ),
);

/** The writes that post these effects, in order: transactions and their legs, then lines taken and given back. */
export function ledgerWrites(effects: readonly LedgerEffect[]): SqlFragment[] {
  const transactions = effects.flatMap((effect) => effect.transactions);
  const fragments: SqlFragment[] = [];
  if (transactions.length > 0) {
    fragments.push({
      text: INSERT_TRANSACTIONS,
      values: [JSON.stringify(transactions.map(transactionRow))],
    });
    fragments.push({
      text: INSERT_ENTRIES,
      values: [JSON.stringify(transactions.flatMap(entryRows))],
    });
  }
  for (const effect of effects) {
    if (effect.settles)
      fragments.push({
        text: SETTLE_LINES,
        values: [effect.settles.settlementId, effect.settles.lineIds],
      });
    if (effect.releases)
      fragments.push({ text: RELEASE_LINES, values: [effect.releases.settlementId] });
  }
  return fragments;
}

const effectsOf = (events: readonly StoredEvent[]): LedgerEffect[] =>
  events.flatMap((event) => ledgerEffectOf(event) ?? []);

/**
 * The ledger, posted in the same statement as the events that move money (inline), from those
 * events alone. A batch of streams (a consumer's chunk of payments) is posted in two inserts.
 */
export const ledgerProjection: InlineProjection = {
  name: 'ledger',
  canHandle: LEDGER_EVENT_TYPES,
  write: (_db: SqlRunner, change: StreamChange) => ledgerWrites(effectsOf(change.appended)),
  writeBatch: (_db: SqlRunner, changes: readonly StreamChange[]) =>
    ledgerWrites(effectsOf(changes.flatMap((change) => change.appended))),
  async apply(db, events) {
    for (const fragment of ledgerWrites(effectsOf(events)))
      await db.query(REPLAY.get(fragment.text) as Statement, fragment.values);
  },
  async clear(db) {
    for (const statement of CLEAR) await db.query(statement);
  },
};

function transactionRow(transaction: LedgerTransaction) {
  const { id, kind, accountId, mode, currency, postedAt, legs, line, recon } = transaction;
  return {
    id,
    kind,
    account_id: accountId,
    mode,
    currency,
    posted_at: postedAt,
    balance_delta: balanceDelta(legs),
    line,
    recon,
  };
}

function entryRows(transaction: LedgerTransaction) {
  return transaction.legs.map((leg) => ({
    ledger_transaction_id: transaction.id,
    account_id: transaction.accountId,
    mode: transaction.mode,
    currency: transaction.currency,
    ledger_account: leg.account,
    debit: leg.debit,
    credit: leg.credit,
  }));
}
