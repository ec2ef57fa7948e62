import type { Command } from '@platform/domain-kit';
import type { WebhookSettings } from './webhook.events';

export type CreateWebhook = Command<
  'CreateWebhook',
  { webhookId: string; settings: WebhookSettings }
>;
/** Only the settings sent change; the rest stay. */
export type EditWebhook = Command<'EditWebhook', Partial<WebhookSettings>>;
export type DisableWebhook = Command<'DisableWebhook', { reason: string }>;
export type DeleteWebhook = Command<'DeleteWebhook', Record<string, never>>;
export type WebhookCommand = CreateWebhook | EditWebhook | DisableWebhook | DeleteWebhook;

export type RegisterWebhook = Command<'RegisterWebhook', { webhookId: string }>;
export type UnregisterWebhook = Command<'UnregisterWebhook', { webhookId: string }>;
export type WebhookRegistryCommand = RegisterWebhook | UnregisterWebhook;
