import { assertUnreachable, idFor, ValidationFailed } from '@platform/domain-kit';
import type { Mode } from '@platform/domain-kit';
import type {
  BalanceCommand,
  ChangeSettlementSettings,
  RecordPayouts,
  ReturnPayout,
} from './balance.commands';
import type { BalanceEvent, SettlementSettings } from './balance.events';

export const BALANCE_STREAM = 'balance';
export const MAX_SETTLEMENT_DELAY_DAYS = 30;
export const DEFAULT_SETTLEMENT_SETTINGS: SettlementSettings = {
  delayDays: 2,
  bankTransfersFail: false,
};

/**
 * The merchant's balance in one mode, as a stream: its settlement settings and every payout from
 * it. Every command that pays out (a settlement cycle, an on-demand settlement) appends here, so
 * two of them never decide on the same balance at once: of two at the same version one wins and
 * the other runs again on what the first left.
 */
export type Balance = { settings: SettlementSettings };

/** One balance stream per account and mode. */
export const balanceIdOf = (scope: { accountId: string; mode: Mode }): string =>
  idFor('bal', `${scope.accountId}:${scope.mode}`);

export const initialState = (): Balance => ({ settings: DEFAULT_SETTLEMENT_SETTINGS });

export function evolve(state: Balance, event: BalanceEvent): Balance {
  switch (event.type) {
    case 'SettlementSettingsChanged':
      return {
        settings: {
          delayDays: event.data.delayDays,
          bankTransfersFail: event.data.bankTransfersFail,
        },
      };
    case 'PayoutMade':
    case 'PayoutReturned':
      return state;
    default:
      return assertUnreachable(event);
  }
}

export function changeSettings(command: ChangeSettlementSettings, state: Balance): BalanceEvent {
  const {
    delayDays = state.settings.delayDays,
    bankTransfersFail = state.settings.bankTransfersFail,
  } = command.data;
  if (!Number.isSafeInteger(delayDays) || delayDays < 0 || delayDays > MAX_SETTLEMENT_DELAY_DAYS)
    throw new ValidationFailed(
      `The settlement_delay_days must be an integer from 0 to ${MAX_SETTLEMENT_DELAY_DAYS}.`,
      'settlement_delay_days',
    );
  if (bankTransfersFail && command.metadata.mode !== 'test')
    throw new ValidationFailed(
      'Bank transfers can be made to fail in test mode only.',
      'bank_transfers_fail',
    );
  return { type: 'SettlementSettingsChanged', data: { delayDays, bankTransfersFail } };
}

export function recordPayouts(command: RecordPayouts): BalanceEvent[] {
  return command.data.payouts.map((payout) => ({
    type: 'PayoutMade',
    data: { ...payout, madeAt: command.metadata.now },
  }));
}

export function returnPayout(command: ReturnPayout): BalanceEvent {
  return { type: 'PayoutReturned', data: { ...command.data, returnedAt: command.metadata.now } };
}

export function decide(command: BalanceCommand, state: Balance): BalanceEvent | BalanceEvent[] {
  switch (command.type) {
    case 'ChangeSettlementSettings':
      return changeSettings(command, state);
    case 'RecordPayouts':
      return recordPayouts(command);
    case 'ReturnPayout':
      return returnPayout(command);
    default:
      return assertUnreachable(command);
  }
}

/** Bump with any change to `evolve` or the state's shape: snapshots of another version are ignored. */
export const balanceDecider = { decide, evolve, initialState, snapshotVersion: 1 };

/** The balance stream: its type and its decider, for reading it. */
export const balanceKind = { streamType: BALANCE_STREAM, decider: balanceDecider };
