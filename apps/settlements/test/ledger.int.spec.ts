import 'reflect-metadata';
import { idFor, newId } from '@platform/domain-kit';
import type { ServiceUnderTest, TestCaller } from '@platform/service-testing';
import { waitFor } from '@platform/testing-core';
import { LedgerAudit } from '../src/ledger/ledger-audit';
import { LEDGER_CAPTURES_CONSUMER } from '../src/posting/on-payment-captured.consumer';
import {
  as,
  captured,
  disputeEvent,
  newAccount,
  paymentEntity,
  query,
  refundCreated,
  startWithBroker,
  stopAll,
} from './settlements.kit';
import type { EventProducer, SettlementsUnderTest } from './settlements.kit';

type CurrencyLedger = Record<string, number | string | boolean>;

describe('the ledger, posted from payments’ events on real PostgreSQL and the dev broker', () => {
  let settlements: ServiceUnderTest;
  let producer: EventProducer;
  let running: SettlementsUnderTest;

  beforeAll(async () => ({ settlements, producer } = running = await startWithBroker()));
  afterAll(() => stopAll(running));

  const ledgerOf = async (caller: TestCaller) =>
    (await as(settlements, caller).get('/internal/ledger')).body as {
      balanced: boolean;
      currencies: CurrencyLedger[];
    };
  /** Waits until the account's INR ledger has these values (the events travel through Kafka). */
  const ledgerReaches = (caller: TestCaller, expected: Partial<CurrencyLedger>) =>
    waitFor(
      async () => {
        const ledger = await ledgerOf(caller);
        const inr = ledger.currencies.find((currency) => currency['currency'] === 'INR');
        return inr && Object.entries(expected).every(([key, value]) => inr[key] === value)
          ? { ...ledger, inr }
          : null;
      },
      `the ledger to reach ${JSON.stringify(expected)}`,
    );

  it('posts a capture once, however often it is delivered', async () => {
    const caller = newAccount();
    const payment = paymentEntity({ amount: 50000 });
    const event = captured(caller, payment);
    await producer.publish(event, event, event);
    const marker = paymentEntity({ amount: 10000 });
    await producer.publish(captured(caller, marker));
    const { inr, balanced } = await ledgerReaches(caller, { captured: 60000 });
    expect(inr).toMatchObject({
      captured: 60000,
      fees: 1000 + 200,
      tax: 180 + 36,
      balance: 48820 + 9764,
      unsettled: 48820 + 9764,
    });
    expect(balanced).toBe(true);
    const [{ n }] = await query<{ n: number }>(
      settlements,
      'SELECT count(*)::int AS n FROM inbox WHERE consumer = $1 AND message_id = $2',
      [LEDGER_CAPTURES_CONSUMER, event.id],
    );
    expect(n).toBe(1);
    expect(
      await query(settlements, 'SELECT count(*)::int AS n FROM events WHERE stream_id = $1', [
        payment.id,
      ]),
    ).toEqual([{ n: 1 }]);
  });

  it('posts a refund that arrives before its capture, and ends up where the other order would', async () => {
    const caller = newAccount();
    const payment = paymentEntity({ amount: 100000 });
    await producer.publish(refundCreated(caller, payment, 30000));
    await ledgerReaches(caller, { refunds: 30000, balance: -30000 });
    await producer.publish(captured(caller, payment));
    const { inr, balanced } = await ledgerReaches(caller, { captured: 100000 });
    expect(inr).toMatchObject({
      refunds: 30000,
      fees: 2000,
      tax: 360,
      balance: 100000 - 2360 - 30000,
    });
    expect(balanced).toBe(true);
  });

  it('posts nothing for the automatic refund of a payment that was never captured', async () => {
    const caller = newAccount();
    const uncaptured = paymentEntity({
      amount: 40000,
      captured: false,
      status: 'refunded',
      fee: null,
      tax: null,
    });
    const paid = paymentEntity({ amount: 10000 });
    await producer.publish(refundCreated(caller, uncaptured, 40000), captured(caller, paid));
    const { inr } = await ledgerReaches(caller, { captured: 10000 });
    expect(inr).toMatchObject({ refunds: 0, balance: 9764 });
    expect(
      await query(
        settlements,
        'SELECT count(*)::int AS n FROM ledger_transactions WHERE account_id = $1 AND kind = $2',
        [caller.accountId, 'refund'],
      ),
    ).toEqual([{ n: 0 }]);
  });

  it('holds a dispute’s amount, releases it, and deducts what a lost dispute took', async () => {
    const caller = newAccount();
    const payment = paymentEntity({ amount: 100000 });
    const dispute = { id: newId('disp'), payment_id: payment.id, amount: 60000 };
    await producer.publish(
      captured(caller, payment),
      disputeEvent(caller, 'dispute.created', dispute),
    );
    await ledgerReaches(caller, { on_hold: 60000, balance: 97640 - 60000 });
    await producer.publish(
      disputeEvent(caller, 'dispute.under_review', dispute),
      disputeEvent(caller, 'dispute.lost', { ...dispute, amount_deducted: 60000, status: 'lost' }),
    );
    const { inr, balanced } = await ledgerReaches(caller, { adjustments: 60000 });
    expect(inr).toMatchObject({ on_hold: 0, adjustments: 60000, balance: 97640 - 60000 });
    expect(balanced).toBe(true);
    const won = { id: newId('disp'), payment_id: payment.id, amount: 10000 };
    await producer.publish(
      disputeEvent(caller, 'dispute.created', won),
      disputeEvent(caller, 'dispute.won', { ...won, status: 'won' }),
    );
    await waitFor(
      async () =>
        (
          await query(settlements, 'SELECT 1 FROM ledger_transactions WHERE id = $1', [
            idFor('adj', `${won.id}:release`),
          ])
        ).length > 0,
      'the release',
    );
    expect((await ledgerOf(caller)).currencies[0]).toMatchObject({
      on_hold: 0,
      adjustments: 60000,
      balance: 97640 - 60000,
    });
  });

  it('skips a message that is not a usable event and goes on with the next', async () => {
    const caller = newAccount();
    await producer.raw('payments.payment', 'not json at all');
    await producer.raw(
      'payments.payment',
      JSON.stringify({
        ...captured(caller, paymentEntity({ amount: 100 })),
        data: { payment: { id: 'pay_x', entity: 'payment', amount: -5 } },
      }),
    );
    await producer.publish(captured(caller, paymentEntity({ amount: 20000 })));
    const { inr } = await ledgerReaches(caller, { captured: 20000 });
    expect(inr['balance']).toBe(20000 - 472);
  });

  it('reports, as a Prometheus gauge, an account whose ledger stops balancing', async () => {
    const audit = settlements.app.get(LedgerAudit);
    const caller = newAccount();
    await producer.publish(captured(caller, paymentEntity({ amount: 30000 })));
    await ledgerReaches(caller, { captured: 30000 });
    const before = await audit.check();
    // Tampering: a leg without its other side.
    await query(
      settlements,
      `INSERT INTO ledger_entries (ledger_transaction_id, account_id, mode, currency, ledger_account, debit, credit) VALUES ('tampered', $1, 'test', 'INR', 'balance', 0, 1)`,
      [caller.accountId],
    );
    const after = await audit.check();
    if (after !== before + 1) {
      // To tell an audit that miscounts from books that really do not balance: what the table says.
      const unbalancedNow = await query(
        settlements,
        'SELECT account_id, mode, currency, sum(debit) AS debits, sum(credit) AS credits FROM ledger_entries GROUP BY 1, 2, 3 HAVING sum(debit) <> sum(credit)',
      );
      process.stderr.write(
        `the audit went from ${before} to ${after} unbalanced pairs; the entries say: ${JSON.stringify(unbalancedNow)}\n`,
      );
    }
    expect(after).toBe(before + 1);
    expect(await settlements.scrapeMetrics()).toMatch(
      new RegExp(`ledger_unbalanced_accounts ${before + 1}`),
    );
    expect((await ledgerOf(caller)).balanced).toBe(false);
  });
});
