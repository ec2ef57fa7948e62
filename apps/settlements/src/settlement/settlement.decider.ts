import { AlreadyExists, assertUnreachable, IllegalTransition } from '@platform/domain-kit';
import type {
  CreateSettlement,
  FailSettlement,
  ProcessSettlement,
  SettlementCommand,
} from './settlement.commands';
import type { SettlementEvent } from './settlement.events';

export const SETTLEMENT_STREAM = 'settlement';

export type Settlement =
  | { status: 'none' }
  | { status: 'created'; currency: string; amount: number }
  | { status: 'processed' }
  | { status: 'failed' };

export const initialState = (): Settlement => ({ status: 'none' });

export function evolve(_state: Settlement, event: SettlementEvent): Settlement {
  switch (event.type) {
    case 'SettlementCreated':
      return { status: 'created', currency: event.data.currency, amount: event.data.amount };
    case 'SettlementProcessed':
      return { status: 'processed' };
    case 'SettlementFailed':
      return { status: 'failed' };
    default:
      return assertUnreachable(event);
  }
}

/** What the settled lines add up to: a settlement pays a positive amount or does not exist. */
export function create(command: CreateSettlement, state: Settlement): SettlementEvent {
  if (state.status !== 'none') throw new AlreadyExists('The settlement already exists.');
  const { settlementId, currency, lines } = command.data;
  const amount = lines.reduce((sum, line) => sum + line.amount, 0);
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new IllegalTransition(
      `A settlement must pay a positive amount; these entries add up to ${amount}.`,
    );
  return {
    type: 'SettlementCreated',
    data: {
      settlementId,
      currency,
      amount,
      entryIds: lines.map((line) => line.id),
      createdAt: command.metadata.now,
    },
  };
}

/** The bank's answer arrives once; a repeated job finds the settlement decided and does nothing. */
export function process(command: ProcessSettlement, state: Settlement): SettlementEvent[] {
  if (state.status !== 'created') return [];
  return [
    {
      type: 'SettlementProcessed',
      data: { utr: command.data.utr, processedAt: command.metadata.now },
    },
  ];
}

export function fail(command: FailSettlement, state: Settlement): SettlementEvent[] {
  if (state.status !== 'created') return [];
  return [
    {
      type: 'SettlementFailed',
      data: {
        currency: state.currency,
        amount: state.amount,
        reason: command.data.reason,
        failedAt: command.metadata.now,
      },
    },
  ];
}

export function decide(
  command: SettlementCommand,
  state: Settlement,
): SettlementEvent | SettlementEvent[] {
  switch (command.type) {
    case 'CreateSettlement':
      return create(command, state);
    case 'ProcessSettlement':
      return process(command, state);
    case 'FailSettlement':
      return fail(command, state);
    default:
      return assertUnreachable(command);
  }
}

export const settlementDecider = { decide, evolve, initialState };

/** The settlement stream: its type and its decider, for reading it. */
export const settlementKind = { streamType: SETTLEMENT_STREAM, decider: settlementDecider };
