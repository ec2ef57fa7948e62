import type { StoredEvent } from '@platform/event-store';
import type { OndemandSettlementEvent } from '../ondemand-settlement/ondemand-settlement.events';
import type {
  CapturePostingEvent,
  DisputePostingEvent,
  PaymentFacts,
  RefundPostingEvent,
} from '../posting/posting.events';
import type { SettlementEvent } from '../settlement/settlement.events';
import { balancedLegs, credit, debit } from './ledger-accounts';
import type { Leg, LedgerTransaction, ReconFacts, TransactionKind } from './ledger-accounts';

/** The events of this service that move money. */
export type LedgerEvent =
  | CapturePostingEvent
  | RefundPostingEvent
  | DisputePostingEvent
  | SettlementEvent
  | OndemandSettlementEvent;

export const LEDGER_EVENT_TYPES: readonly LedgerEvent['type'][] = [
  'CapturePosted',
  'RefundPosted',
  'DisputeHoldPosted',
  'DisputeHoldReleased',
  'DisputeLossPosted',
  'SettlementCreated',
  'SettlementFailed',
  'OndemandSettlementCreated',
  'OndemandSettlementReversed',
];

/** What one event does to the ledger: transactions posted, and the lines a settlement takes or gives back. */
export interface LedgerEffect {
  transactions: LedgerTransaction[];
  settles?: { settlementId: string; lineIds: string[] };
  releases?: { settlementId: string };
}

const seconds = (ms: number) => Math.floor(ms / 1000);

/** The money rules, each in one place: which ledger accounts an event debits and credits. */
export function ledgerEffectOf(stored: StoredEvent): LedgerEffect | null {
  const event = stored as StoredEvent<LedgerEvent>;
  const post = (
    id: string,
    kind: TransactionKind,
    currency: string,
    postedAt: number,
    legs: Leg[],
    recon: ReconFacts | null,
  ): LedgerTransaction => ({
    id,
    kind,
    accountId: event.metadata.accountId,
    mode: event.metadata.mode,
    currency,
    postedAt,
    legs: balancedLegs(id, legs),
    line: recon !== null,
    recon,
  });
  switch (event.type) {
    case 'CapturePosted': {
      const { paymentId, currency, amount, fee, tax, capturedAt, payment } = event.data;
      // The customer paid `amount`: the merchant gets it less the fee; the fee (without GST) and the GST go to their own accounts.
      const legs = [
        debit('captured', amount),
        credit('balance', amount - fee),
        credit('fees', fee - tax),
        credit('tax', tax),
      ];
      return {
        transactions: [
          post(paymentId, 'capture', currency, capturedAt, legs, {
            ...paymentRecon(payment),
            type: 'payment',
            amount,
            fee,
            tax,
            onHold: false,
            paymentId: null,
            disputeId: null,
          }),
        ],
      };
    }
    case 'RefundPosted': {
      const { refundId, paymentId, currency, amount, createdAt, notes, payment } = event.data;
      const facts = payment ? paymentRecon(payment) : noPayment();
      return {
        transactions: [
          post(
            refundId,
            'refund',
            currency,
            createdAt,
            [debit('balance', amount), credit('refunds', amount)],
            {
              ...facts,
              type: 'refund',
              amount,
              fee: 0,
              tax: 0,
              onHold: false,
              createdAt: seconds(createdAt),
              description: null,
              notes,
              paymentId,
              disputeId: null,
            },
          ),
        ],
      };
    }
    case 'DisputeHoldPosted': {
      const { adjustmentId, disputeId, paymentId, currency, amount, openedAt } = event.data;
      const recon = adjustment(
        amount,
        openedAt,
        `Dispute ${disputeId} opened: its amount is on hold`,
        { paymentId, disputeId, onHold: true },
      );
      return {
        transactions: [
          post(
            adjustmentId,
            'dispute_hold',
            currency,
            openedAt,
            [debit('balance', amount), credit('on_hold', amount)],
            recon,
          ),
        ],
      };
    }
    case 'DisputeHoldReleased': {
      const { adjustmentId, disputeId, paymentId, currency, amount, outcome, releasedAt } =
        event.data;
      const recon = adjustment(
        amount,
        releasedAt,
        `Dispute ${disputeId} ${outcome}: its hold is released`,
        { paymentId, disputeId, onHold: false },
      );
      return {
        transactions: [
          post(
            adjustmentId,
            'dispute_release',
            currency,
            releasedAt,
            [debit('on_hold', amount), credit('balance', amount)],
            recon,
          ),
        ],
      };
    }
    case 'DisputeLossPosted': {
      const { adjustmentId, disputeId, paymentId, currency, amount, lostAt } = event.data;
      const recon = adjustment(amount, lostAt, `Dispute ${disputeId} lost: amount deducted`, {
        paymentId,
        disputeId,
        onHold: false,
      });
      return {
        transactions: [
          post(
            adjustmentId,
            'dispute_loss',
            currency,
            lostAt,
            [debit('balance', amount), credit('adjustments', amount)],
            recon,
          ),
        ],
      };
    }
    case 'SettlementCreated': {
      const { settlementId, currency, amount, entryIds, createdAt } = event.data;
      return {
        transactions: [
          post(
            settlementId,
            'settlement',
            currency,
            createdAt,
            [debit('balance', amount), credit('settled', amount)],
            null,
          ),
        ],
        settles: { settlementId, lineIds: entryIds },
      };
    }
    case 'SettlementFailed': {
      const { currency, amount, failedAt } = event.data;
      const transaction = post(
        `${event.streamId}:returned`,
        'settlement_returned',
        currency,
        failedAt,
        [debit('settled', amount), credit('balance', amount)],
        null,
      );
      return { transactions: [transaction], releases: { settlementId: event.streamId } };
    }
    case 'OndemandSettlementCreated': {
      const { settlementId, currency, amountRequested, fees, tax, createdAt, description } =
        event.data;
      // Taken from the balance at once; the bank gets it less the fees, which the platform keeps.
      const legs = [
        debit('balance', amountRequested),
        credit('settled', amountRequested - fees),
        credit('fees', fees - tax),
        credit('tax', tax),
      ];
      return {
        transactions: [
          post(
            settlementId,
            'ondemand',
            currency,
            createdAt,
            legs,
            adjustment(
              amountRequested,
              createdAt,
              `On-demand settlement${description ? ` (${description})` : ''}`,
              { fee: fees, tax },
            ),
          ),
        ],
      };
    }
    case 'OndemandSettlementReversed': {
      const { currency, amountRequested, fees, tax, reversedAt } = event.data;
      const legs = [
        debit('settled', amountRequested - fees),
        debit('fees', fees - tax),
        debit('tax', tax),
        credit('balance', amountRequested),
      ];
      const recon = adjustment(
        amountRequested,
        reversedAt,
        `On-demand settlement ${event.streamId} reversed: amount returned`,
        {},
      );
      return {
        transactions: [
          post(
            `${event.streamId}:returned`,
            'ondemand_returned',
            currency,
            reversedAt,
            legs,
            recon,
          ),
        ],
      };
    }
    default:
      return null;
  }
}

function paymentRecon(
  payment: PaymentFacts,
): Omit<ReconFacts, 'type' | 'amount' | 'fee' | 'tax' | 'onHold' | 'paymentId' | 'disputeId'> {
  return {
    createdAt: seconds(payment.createdAt),
    description: payment.description,
    notes: payment.notes,
    orderId: payment.orderId,
    orderReceipt: payment.orderReceipt,
    method: payment.method,
    cardNetwork: payment.card?.network ?? null,
    cardIssuer: payment.card?.issuer ?? null,
    cardType: payment.card?.type ?? null,
  };
}

function noPayment(): ReturnType<typeof paymentRecon> {
  return {
    createdAt: 0,
    description: null,
    notes: null,
    orderId: null,
    orderReceipt: null,
    method: null,
    cardNetwork: null,
    cardIssuer: null,
    cardType: null,
  };
}

function adjustment(
  amount: number,
  at: number,
  description: string,
  more: Partial<ReconFacts>,
): ReconFacts {
  return {
    ...noPayment(),
    type: 'adjustment',
    amount,
    fee: 0,
    tax: 0,
    onHold: false,
    paymentId: null,
    disputeId: null,
    ...more,
    createdAt: seconds(at),
    description,
  };
}
