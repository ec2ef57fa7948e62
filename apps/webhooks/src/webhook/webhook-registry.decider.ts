import { assertUnreachable, idFor, ValidationFailed } from '@platform/domain-kit';
import type { Mode } from '@platform/domain-kit';
import type {
  RegisterWebhook,
  UnregisterWebhook,
  WebhookRegistryCommand,
} from './webhook.commands';
import type { WebhookRegistryEvent } from './webhook.events';

export const WEBHOOK_REGISTRY_STREAM = 'webhook-registry';
/** Razorpay's limit: 30 webhooks per account (here per account and mode). */
export const MAX_WEBHOOKS = 30;

/**
 * An account's webhooks in one mode. Creating and deleting a webhook also append here, so of 20
 * concurrent creates each is decided on the ones before it and the 31st is refused.
 */
export type WebhookRegistry = { webhookIds: string[] };

export const registryIdOf = (scope: { accountId: string; mode: Mode }): string =>
  idFor('whreg', `${scope.accountId}:${scope.mode}`);

export const initialState = (): WebhookRegistry => ({ webhookIds: [] });

export function evolve(state: WebhookRegistry, event: WebhookRegistryEvent): WebhookRegistry {
  switch (event.type) {
    case 'WebhookRegistered':
      return { webhookIds: [...state.webhookIds, event.data.webhookId] };
    case 'WebhookUnregistered':
      return { webhookIds: state.webhookIds.filter((id) => id !== event.data.webhookId) };
    default:
      return assertUnreachable(event);
  }
}

export function register(command: RegisterWebhook, state: WebhookRegistry): WebhookRegistryEvent {
  if (state.webhookIds.length >= MAX_WEBHOOKS)
    throw new ValidationFailed(
      `An account can have at most ${MAX_WEBHOOKS} webhooks in each mode; delete one first.`,
    );
  return { type: 'WebhookRegistered', data: { webhookId: command.data.webhookId } };
}

export function unregister(
  command: UnregisterWebhook,
  state: WebhookRegistry,
): WebhookRegistryEvent[] {
  return state.webhookIds.includes(command.data.webhookId)
    ? [{ type: 'WebhookUnregistered', data: { webhookId: command.data.webhookId } }]
    : [];
}

export function decide(
  command: WebhookRegistryCommand,
  state: WebhookRegistry,
): WebhookRegistryEvent | WebhookRegistryEvent[] {
  switch (command.type) {
    case 'RegisterWebhook':
      return register(command, state);
    case 'UnregisterWebhook':
      return unregister(command, state);
    default:
      return assertUnreachable(command);
  }
}

export const webhookRegistryDecider = { decide, evolve, initialState };
