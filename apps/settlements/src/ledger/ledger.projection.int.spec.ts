import type { Event } from '@platform/domain-kit';
import type { EventMetadata, SqlRunner } from '@platform/event-store';
import { ProjectionSpecification, otherTenants, storedStream } from '@platform/service-testing';
import { SETTLEMENTS_ENTITIES, SETTLEMENTS_MIGRATIONS } from '../app.module';
import { ONDEMAND_SETTLEMENT_STREAM } from '../ondemand-settlement/ondemand-settlement.decider';
import type { OndemandSettlementEvent } from '../ondemand-settlement/ondemand-settlement.events';
import { CAPTURE_POSTING_STREAM } from '../posting/capture-posting.decider';
import { DISPUTE_POSTING_STREAM } from '../posting/dispute-posting.decider';
import type { DisputePostingEvent } from '../posting/posting.events';
import { NOW, cardPayment } from '../posting/posting.fixtures';
import { REFUND_POSTING_STREAM } from '../posting/refund-posting.decider';
import { SETTLEMENT_STREAM } from '../settlement/settlement.decider';
import type { SettlementEvent } from '../settlement/settlement.events';
import type { LedgerAccount } from './ledger-accounts';
import { ledgerView } from './ledger-balances.query';
import type { CurrencyLedger } from './ledger-balances.query';
import { settleableLines } from './ledger-lines.query';
import { ZERO_BALANCES } from './ledger.fixtures';
import { ledgerProjection } from './ledger.projection';

/** Every `it` posts to an account of its own: the ledger is read per account and mode. */
const metadataOf = (accountId: string): EventMetadata => ({ accountId, mode: 'test', now: NOW });
/** A ₹500 card payment captured with a fee of ₹11.80 (₹1.80 GST): ₹488.20 for the merchant. */
const [AMOUNT, FEE, TAX, NET] = [50_000, 1_180, 180, 48_820];

const spec = ProjectionSpecification.for(ledgerProjection, {
  entities: SETTLEMENTS_ENTITIES,
  migrations: SETTLEMENTS_MIGRATIONS,
});

/** The stored events of one stream of the account. */
const posted = (accountId: string, streamType: string, streamId: string, ...events: Event[]) =>
  storedStream({ streamId, streamType, metadata: metadataOf(accountId) }, ...events);
const capture = (accountId: string, paymentId: string) =>
  posted(accountId, CAPTURE_POSTING_STREAM, paymentId, {
    type: 'CapturePosted',
    data: {
      paymentId,
      currency: 'INR',
      amount: AMOUNT,
      fee: FEE,
      tax: TAX,
      capturedAt: NOW,
      payment: cardPayment(),
    },
  });
const refund = (accountId: string, refundId: string, paymentId: string, amount: number) =>
  posted(accountId, REFUND_POSTING_STREAM, refundId, {
    type: 'RefundPosted',
    data: {
      refundId,
      paymentId,
      currency: 'INR',
      amount,
      createdAt: NOW,
      notes: {},
      payment: cardPayment(),
    },
  });
const dispute = (accountId: string, disputeId: string, ...events: DisputePostingEvent[]) =>
  posted(accountId, DISPUTE_POSTING_STREAM, disputeId, ...events);
const disputeFacts = (paymentId: string) => ({
  disputeId: 'disp_Ledger0000001',
  paymentId,
  currency: 'INR',
  amount: 20_000,
});
const holdPosted = (paymentId: string): DisputePostingEvent => ({
  type: 'DisputeHoldPosted',
  data: { ...disputeFacts(paymentId), adjustmentId: `adj_Hold_${paymentId}`, openedAt: NOW },
});
const holdReleased = (paymentId: string, outcome: 'won' | 'lost'): DisputePostingEvent => ({
  type: 'DisputeHoldReleased',
  data: {
    ...disputeFacts(paymentId),
    adjustmentId: `adj_Release_${paymentId}`,
    outcome,
    releasedAt: NOW,
  },
});
const lossPosted = (paymentId: string): DisputePostingEvent => ({
  type: 'DisputeLossPosted',
  data: { ...disputeFacts(paymentId), adjustmentId: `adj_Loss_${paymentId}`, lostAt: NOW },
});
const settlement = (accountId: string, settlementId: string, ...events: SettlementEvent[]) =>
  posted(accountId, SETTLEMENT_STREAM, settlementId, ...events);
const settlementCreated = (
  settlementId: string,
  amount: number,
  entryIds: string[],
): SettlementEvent => ({
  type: 'SettlementCreated',
  data: { settlementId, currency: 'INR', amount, entryIds, createdAt: NOW },
});
const settlementFailed: SettlementEvent = {
  type: 'SettlementFailed',
  data: { currency: 'INR', amount: NET, reason: 'bank_account_closed', failedAt: NOW },
};
const ondemand = (accountId: string, settlementId: string, ...events: OndemandSettlementEvent[]) =>
  posted(accountId, ONDEMAND_SETTLEMENT_STREAM, settlementId, ...events);
/** ₹300 paid out now, for a fee of ₹5.90 (₹0.90 GST). */
const ONDEMAND = { currency: 'INR', amountRequested: 30_000, fees: 590, tax: 90 };
const ondemandCreated = (settlementId: string): OndemandSettlementEvent => ({
  type: 'OndemandSettlementCreated',
  data: {
    ...ONDEMAND,
    settlementId,
    settleFullBalance: false,
    description: null,
    notes: {},
    payouts: [{ payoutId: `${settlementId}_1`, amount: 30_000, fees: 590, tax: 90 }],
    createdAt: NOW,
  },
});
const ondemandReversed: OndemandSettlementEvent = {
  type: 'OndemandSettlementReversed',
  data: { ...ONDEMAND, reason: 'bank_account_closed', reversedAt: NOW },
};

/** The account's ledger as the API shows it, and the lines a settlement could take now. */
const ledgerOf = (accountId: string) => async (db: SqlRunner) => {
  const scope = metadataOf(accountId);
  const { currencies, balanced } = await ledgerView(db, scope);
  const settleable = Object.fromEntries(await settleableLines(db, scope, NOW, 0));
  return { balanced, currencies, settleable };
};
/** The INR ledger with these account balances, `moved` debited and credited in all. */
function inr(
  balances: Partial<Record<LedgerAccount, number>>,
  { unsettled, moved }: { unsettled: number; moved: number },
): CurrencyLedger {
  return {
    currency: 'INR',
    ...ZERO_BALANCES,
    ...balances,
    unsettled,
    debits: moved,
    credits: moved,
    balanced: true,
  };
}
const CAPTURED = { captured: AMOUNT, fees: FEE - TAX, tax: TAX, balance: NET };
const lines = (...settleable: { id: string; amount: number }[]) =>
  settleable.length > 0 ? { INR: settleable } : {};
const ledger = (currency: CurrencyLedger, settleable: Record<string, unknown>) => ({
  balanced: true,
  currencies: [currency],
  settleable,
});

describe('ledger projection', () => {
  beforeAll(spec.start);
  afterAll(spec.stop);

  it('posts a capture: the amount less the fee to the balance, the fee and its GST apart', () =>
    spec
      .given(...capture('acc_Ledger_Capture', 'pay_Ledger_Capture'))
      .then(
        ledgerOf('acc_Ledger_Capture'),
        ledger(
          inr(CAPTURED, { unsettled: NET, moved: AMOUNT }),
          lines({ id: 'pay_Ledger_Capture', amount: NET }),
        ),
      ));

  it('posts a refund: taken from the balance, a line of its own', () =>
    spec
      .given(
        ...capture('acc_Ledger_Refund', 'pay_Ledger_Refund'),
        ...refund('acc_Ledger_Refund', 'rfnd_Ledger_Refund', 'pay_Ledger_Refund', 10_000),
      )
      .then(
        ledgerOf('acc_Ledger_Refund'),
        ledger(
          inr(
            { ...CAPTURED, refunds: 10_000, balance: NET - 10_000 },
            { unsettled: NET - 10_000, moved: AMOUNT + 10_000 },
          ),
          lines(
            { id: 'pay_Ledger_Refund', amount: NET },
            { id: 'rfnd_Ledger_Refund', amount: -10_000 },
          ),
        ),
      ));

  it('holds a disputed amount out of the balance', () =>
    spec
      .given(
        ...capture('acc_Ledger_Hold', 'pay_Ledger_Hold'),
        ...dispute('acc_Ledger_Hold', 'disp_Ledger_Hold', holdPosted('pay_Ledger_Hold')),
      )
      .then(
        ledgerOf('acc_Ledger_Hold'),
        ledger(
          inr(
            { ...CAPTURED, on_hold: 20_000, balance: NET - 20_000 },
            { unsettled: NET - 20_000, moved: AMOUNT + 20_000 },
          ),
          lines(
            { id: 'adj_Hold_pay_Ledger_Hold', amount: -20_000 },
            { id: 'pay_Ledger_Hold', amount: NET },
          ),
        ),
      ));

  it('gives a won dispute’s hold back to the balance', () =>
    spec
      .given(
        ...capture('acc_Ledger_Won', 'pay_Ledger_Won'),
        ...dispute(
          'acc_Ledger_Won',
          'disp_Ledger_Won',
          holdPosted('pay_Ledger_Won'),
          holdReleased('pay_Ledger_Won', 'won'),
        ),
      )
      .then(
        ledgerOf('acc_Ledger_Won'),
        ledger(
          inr(CAPTURED, { unsettled: NET, moved: AMOUNT + 40_000 }),
          lines(
            { id: 'adj_Hold_pay_Ledger_Won', amount: -20_000 },
            { id: 'adj_Release_pay_Ledger_Won', amount: 20_000 },
            { id: 'pay_Ledger_Won', amount: NET },
          ),
        ),
      ));

  it('deducts a lost dispute’s amount as an adjustment once its hold is released', () =>
    spec
      .given(
        ...capture('acc_Ledger_Lost', 'pay_Ledger_Lost'),
        ...dispute(
          'acc_Ledger_Lost',
          'disp_Ledger_Lost',
          holdPosted('pay_Ledger_Lost'),
          holdReleased('pay_Ledger_Lost', 'lost'),
          lossPosted('pay_Ledger_Lost'),
        ),
      )
      .then(
        ledgerOf('acc_Ledger_Lost'),
        ledger(
          inr(
            { ...CAPTURED, adjustments: 20_000, balance: NET - 20_000 },
            { unsettled: NET - 20_000, moved: AMOUNT + 60_000 },
          ),
          lines(
            { id: 'adj_Hold_pay_Ledger_Lost', amount: -20_000 },
            { id: 'adj_Loss_pay_Ledger_Lost', amount: -20_000 },
            { id: 'adj_Release_pay_Ledger_Lost', amount: 20_000 },
            { id: 'pay_Ledger_Lost', amount: NET },
          ),
        ),
      ));

  it('moves a settlement’s amount from the balance to settled, and its lines are taken', () =>
    spec
      .given(
        ...capture('acc_Ledger_Settled', 'pay_Ledger_Settled'),
        ...settlement(
          'acc_Ledger_Settled',
          'setl_Ledger_Settled',
          settlementCreated('setl_Ledger_Settled', NET, ['pay_Ledger_Settled']),
        ),
      )
      .then(
        ledgerOf('acc_Ledger_Settled'),
        ledger(
          inr({ ...CAPTURED, balance: 0, settled: NET }, { unsettled: 0, moved: AMOUNT + NET }),
          lines(),
        ),
      ));

  it('gives a failed settlement’s amount and lines back to the balance', () =>
    spec
      .given(
        ...capture('acc_Ledger_Failed', 'pay_Ledger_Failed'),
        ...settlement(
          'acc_Ledger_Failed',
          'setl_Ledger_Failed',
          settlementCreated('setl_Ledger_Failed', NET, ['pay_Ledger_Failed']),
          settlementFailed,
        ),
      )
      .then(
        ledgerOf('acc_Ledger_Failed'),
        ledger(
          inr(CAPTURED, { unsettled: NET, moved: AMOUNT + 2 * NET }),
          lines({ id: 'pay_Ledger_Failed', amount: NET }),
        ),
      ));

  it('pays an on-demand settlement out of the balance at once, less its fee', () =>
    spec
      .given(
        ...capture('acc_Ledger_Ondemand', 'pay_Ledger_Ondemand'),
        ...ondemand(
          'acc_Ledger_Ondemand',
          'setlod_Ledger_Ondemand',
          ondemandCreated('setlod_Ledger_Ondemand'),
        ),
      )
      .then(
        ledgerOf('acc_Ledger_Ondemand'),
        ledger(
          inr(
            {
              ...CAPTURED,
              fees: FEE - TAX + 500,
              tax: TAX + 90,
              settled: 29_410,
              balance: NET - 30_000,
            },
            { unsettled: NET - 30_000, moved: AMOUNT + 30_000 },
          ),
          lines(
            { id: 'pay_Ledger_Ondemand', amount: NET },
            { id: 'setlod_Ledger_Ondemand', amount: -30_000 },
          ),
        ),
      ));

  it('returns a reversed on-demand settlement, its fee included, to the balance', () =>
    spec
      .given(
        ...capture('acc_Ledger_Reversed', 'pay_Ledger_Reversed'),
        ...ondemand(
          'acc_Ledger_Reversed',
          'setlod_Ledger_Reversed',
          ondemandCreated('setlod_Ledger_Reversed'),
          ondemandReversed,
        ),
      )
      .then(
        ledgerOf('acc_Ledger_Reversed'),
        ledger(
          inr(CAPTURED, { unsettled: NET, moved: AMOUNT + 60_000 }),
          lines(
            { id: 'pay_Ledger_Reversed', amount: NET },
            { id: 'setlod_Ledger_Reversed', amount: -30_000 },
            { id: 'setlod_Ledger_Reversed:returned', amount: 30_000 },
          ),
        ),
      ));

  it('posts the same lines again when rebuilt from the events', () =>
    spec
      .given(
        ...capture('acc_Ledger_Rebuilt', 'pay_Ledger_Rebuilt'),
        ...refund('acc_Ledger_Rebuilt', 'rfnd_Ledger_Rebuilt', 'pay_Ledger_Rebuilt', 10_000),
        ...settlement(
          'acc_Ledger_Rebuilt',
          'setl_Ledger_Rebuilt',
          settlementCreated('setl_Ledger_Rebuilt', NET - 10_000, [
            'pay_Ledger_Rebuilt',
            'rfnd_Ledger_Rebuilt',
          ]),
        ),
      )
      .thenAfter(
        'rebuild',
        ledgerOf('acc_Ledger_Rebuilt'),
        ledger(
          inr(
            { ...CAPTURED, refunds: 10_000, balance: 0, settled: NET - 10_000 },
            { unsettled: 0, moved: AMOUNT + 10_000 + NET - 10_000 },
          ),
          lines(),
        ),
      ));

  it('posts to no other account’s or mode’s ledger', async () => {
    await spec
      .given(...capture('acc_Ledger_Tenant01', 'pay_Ledger_Tenant01'))
      .then(
        ledgerOf('acc_Ledger_Tenant01'),
        ledger(
          inr(CAPTURED, { unsettled: NET, moved: AMOUNT }),
          lines({ id: 'pay_Ledger_Tenant01', amount: NET }),
        ),
      );
    for (const other of otherTenants(metadataOf('acc_Ledger_Tenant01')))
      await spec.given().then(async (db) => (await ledgerView(db, other)).currencies, []);
  });
});
