import type { Event } from '@platform/domain-kit';

/** A webhook's settings as stored: the secret only sealed (sealSecret of @platform/service-kit). */
export interface WebhookSettings {
  url: string;
  events: string[];
  /** null: deliveries go unsigned. */
  sealedSecret: string | null;
  alertEmail: string | null;
  active: boolean;
}

/** Every time: milliseconds on the account's clock. */
export type WebhookCreated = Event<
  'WebhookCreated',
  { webhookId: string; settings: WebhookSettings; createdAt: number }
>;

/** The settings after the edit, whole. Setting `active` again enables a disabled webhook. */
export type WebhookEdited = Event<'WebhookEdited', { settings: WebhookSettings; editedAt: number }>;

/** Deliveries failed for 24 hours: the webhook is off until an edit turns it on. */
export type WebhookDisabled = Event<'WebhookDisabled', { reason: string; disabledAt: number }>;

export type WebhookDeleted = Event<'WebhookDeleted', { deletedAt: number }>;

export type WebhookEvent = WebhookCreated | WebhookEdited | WebhookDisabled | WebhookDeleted;

/** The account's webhooks in one mode, by id: what keeps them to 30. */
export type WebhookRegistered = Event<'WebhookRegistered', { webhookId: string }>;
export type WebhookUnregistered = Event<'WebhookUnregistered', { webhookId: string }>;
export type WebhookRegistryEvent = WebhookRegistered | WebhookUnregistered;
