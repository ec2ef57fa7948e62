import type { EventRedactions } from '@platform/service-kit';
import type { WebhookCreated, WebhookEdited, WebhookSettings } from './webhook.events';

/** The settings as the webhook's GET shows them: whether a secret is set, never the secret (even sealed). */
const withoutSecret = ({ sealedSecret, ...settings }: WebhookSettings) => ({
  ...settings,
  secretExists: sealedSecret !== null,
});

/** What a webhook's history shows of its events' data. */
export const webhookRedactions: EventRedactions = {
  WebhookCreated: (data: WebhookCreated['data']) => ({
    ...data,
    settings: withoutSecret(data.settings),
  }),
  WebhookEdited: (data: WebhookEdited['data']) => ({
    ...data,
    settings: withoutSecret(data.settings),
  }),
};
