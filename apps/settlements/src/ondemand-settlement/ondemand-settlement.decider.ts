import { AlreadyExists, assertUnreachable, idFor, ValidationFailed } from '@platform/domain-kit';
import { MAX_ONDEMAND_AMOUNT, MIN_ONDEMAND_AMOUNT, payoutsFor } from './ondemand-fees';
import type {
  OndemandSettlementCommand,
  ProcessOndemandSettlement,
  RequestOndemandSettlement,
  ReverseOndemandSettlement,
} from './ondemand-settlement.commands';
import type { OndemandSettlementEvent } from './ondemand-settlement.events';

export const ONDEMAND_SETTLEMENT_STREAM = 'ondemand-settlement';

export type OndemandSettlement =
  | { status: 'none' }
  | {
      status: 'created';
      currency: string;
      amountRequested: number;
      fees: number;
      tax: number;
      payouts: number;
    }
  | { status: 'processed' | 'reversed' };

export const initialState = (): OndemandSettlement => ({ status: 'none' });

export function evolve(
  _state: OndemandSettlement,
  event: OndemandSettlementEvent,
): OndemandSettlement {
  switch (event.type) {
    case 'OndemandSettlementCreated': {
      const { currency, amountRequested, fees, tax, payouts } = event.data;
      return { status: 'created', currency, amountRequested, fees, tax, payouts: payouts.length };
    }
    case 'OndemandSettlementProcessed':
      return { status: 'processed' };
    case 'OndemandSettlementReversed':
      return { status: 'reversed' };
    default:
      return assertUnreachable(event);
  }
}

const rupees = (paise: number) => `₹${(paise / 100).toFixed(2)}`;

/**
 * Only what is available now can be taken: captured money, net of fees, not on hold, not settled,
 * less refunds, adjustments and earlier on-demand settlements. `settle_full_balance` takes all of it.
 */
export function request(
  command: RequestOndemandSettlement,
  state: OndemandSettlement,
): OndemandSettlementEvent {
  if (state.status !== 'none') throw new AlreadyExists('The settlement already exists.');
  const { settlementId, currency, settleFullBalance, description, notes, available } = command.data;
  const amount = settleFullBalance ? available : command.data.amount;
  if (amount === null) throw new ValidationFailed('The amount field is required.', 'amount');
  if (amount < MIN_ONDEMAND_AMOUNT) {
    if (settleFullBalance)
      throw new ValidationFailed(
        `There is no balance to settle: ${rupees(Math.max(available, 0))} is available.`,
        'settle_full_balance',
      );
    throw new ValidationFailed(`The amount must be at least ${MIN_ONDEMAND_AMOUNT}.`, 'amount');
  }
  if (amount > available)
    throw new ValidationFailed(
      `The amount requested is more than the balance available for settlement: ${Math.max(available, 0)} (${rupees(Math.max(available, 0))}) is available.`,
      'amount',
    );
  if (amount > MAX_ONDEMAND_AMOUNT)
    throw new ValidationFailed(
      `The amount may not be more than ${MAX_ONDEMAND_AMOUNT} (₹5 crore) per request.`,
      'amount',
    );
  const payouts = payoutsFor(amount).map((payout, i) => ({
    payoutId: idFor('setlodp', `${settlementId}:${i}`),
    ...payout,
  }));
  const fees = payouts.reduce((sum, payout) => sum + payout.fees, 0);
  const tax = payouts.reduce((sum, payout) => sum + payout.tax, 0);
  return {
    type: 'OndemandSettlementCreated',
    data: {
      settlementId,
      currency,
      amountRequested: amount,
      settleFullBalance,
      description,
      notes,
      fees,
      tax,
      payouts,
      createdAt: command.metadata.now,
    },
  };
}

/** One UTR per payout; a repeated job finds it decided and does nothing. */
export function process(
  command: ProcessOndemandSettlement,
  state: OndemandSettlement,
): OndemandSettlementEvent[] {
  if (state.status !== 'created') return [];
  if (command.data.utrs.length !== state.payouts)
    throw new Error(`an on-demand settlement of ${state.payouts} payouts needs as many UTRs`);
  return [
    {
      type: 'OndemandSettlementProcessed',
      data: { utrs: command.data.utrs, processedAt: command.metadata.now },
    },
  ];
}

export function reverse(
  command: ReverseOndemandSettlement,
  state: OndemandSettlement,
): OndemandSettlementEvent[] {
  if (state.status !== 'created') return [];
  const { currency, amountRequested, fees, tax } = state;
  return [
    {
      type: 'OndemandSettlementReversed',
      data: {
        currency,
        amountRequested,
        fees,
        tax,
        reason: command.data.reason,
        reversedAt: command.metadata.now,
      },
    },
  ];
}

export function decide(
  command: OndemandSettlementCommand,
  state: OndemandSettlement,
): OndemandSettlementEvent | OndemandSettlementEvent[] {
  switch (command.type) {
    case 'RequestOndemandSettlement':
      return request(command, state);
    case 'ProcessOndemandSettlement':
      return process(command, state);
    case 'ReverseOndemandSettlement':
      return reverse(command, state);
    default:
      return assertUnreachable(command);
  }
}

export const ondemandSettlementDecider = { decide, evolve, initialState };

/** The on-demand settlement stream: its type and its decider, for reading it. */
export const ondemandSettlementKind = {
  streamType: ONDEMAND_SETTLEMENT_STREAM,
  decider: ondemandSettlementDecider,
};
