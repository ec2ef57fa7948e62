import { AlreadyExists, assertUnreachable, NotFound } from '@platform/domain-kit';
import type {
  CreateWebhook,
  DeleteWebhook,
  DisableWebhook,
  EditWebhook,
  WebhookCommand,
} from './webhook.commands';
import type { WebhookEvent, WebhookSettings } from './webhook.events';

export const WEBHOOK_STREAM = 'webhook';

export type Webhook =
  | { status: 'none' }
  | { status: 'active' | 'inactive'; settings: WebhookSettings }
  | { status: 'deleted' };
type Existing = Extract<Webhook, { settings: WebhookSettings }>;

export const initialState = (): Webhook => ({ status: 'none' });

const withSettings = (settings: WebhookSettings): Existing => ({
  status: settings.active ? 'active' : 'inactive',
  settings,
});

export function evolve(state: Webhook, event: WebhookEvent): Webhook {
  switch (event.type) {
    case 'WebhookCreated':
    case 'WebhookEdited':
      return withSettings(event.data.settings);
    case 'WebhookDisabled':
      return state.status === 'active'
        ? { status: 'inactive', settings: { ...state.settings, active: false } }
        : state;
    case 'WebhookDeleted':
      return { status: 'deleted' };
    default:
      return assertUnreachable(event);
  }
}

function existing(state: Webhook): Existing {
  if (state.status === 'none' || state.status === 'deleted') throw new NotFound();
  return state;
}

export function create(command: CreateWebhook, state: Webhook): WebhookEvent {
  if (state.status !== 'none') throw new AlreadyExists('The webhook already exists.');
  return {
    type: 'WebhookCreated',
    data: {
      webhookId: command.data.webhookId,
      settings: command.data.settings,
      createdAt: command.metadata.now,
    },
  };
}

export function edit(command: EditWebhook, state: Webhook): WebhookEvent {
  const { settings } = existing(state);
  const changes = Object.fromEntries(
    Object.entries(command.data).filter(([, value]) => value !== undefined),
  );
  return {
    type: 'WebhookEdited',
    data: { settings: { ...settings, ...changes }, editedAt: command.metadata.now },
  };
}

/** Only an active webhook is disabled; one switched off or deleted meanwhile is left as it is. */
export function disable(command: DisableWebhook, state: Webhook): WebhookEvent[] {
  if (state.status !== 'active') return [];
  return [
    {
      type: 'WebhookDisabled',
      data: { reason: command.data.reason, disabledAt: command.metadata.now },
    },
  ];
}

export function remove(command: DeleteWebhook, state: Webhook): WebhookEvent {
  existing(state);
  return { type: 'WebhookDeleted', data: { deletedAt: command.metadata.now } };
}

export function decide(command: WebhookCommand, state: Webhook): WebhookEvent | WebhookEvent[] {
  switch (command.type) {
    case 'CreateWebhook':
      return create(command, state);
    case 'EditWebhook':
      return edit(command, state);
    case 'DisableWebhook':
      return disable(command, state);
    case 'DeleteWebhook':
      return remove(command, state);
    default:
      return assertUnreachable(command);
  }
}

/** Bump with any change to `evolve` or the state's shape: snapshots of another version are ignored. */
export const webhookDecider = { decide, evolve, initialState, snapshotVersion: 1 };
