import type { Mode } from '@platform/domain-kit';
import type { CommandSpec } from '@platform/event-store';
import type { BalanceCommand } from './balance.commands';
import { BALANCE_STREAM, balanceDecider, balanceIdOf } from './balance.decider';
import type { Balance } from './balance.decider';
import type { BalanceEvent } from './balance.events';
import { settlementSettingsProjection } from './settlement-settings/settlement-settings.projection';

/** A command on the caller's balance stream, with its read model (the settlement settings). */
export function onBalance(
  command: BalanceCommand,
): CommandSpec<Balance, BalanceCommand, BalanceEvent> {
  const scope: { accountId: string; mode: Mode } = command.metadata;
  return {
    decider: balanceDecider,
    streamType: BALANCE_STREAM,
    streamId: balanceIdOf(scope),
    command,
    projections: [settlementSettingsProjection],
  };
}
