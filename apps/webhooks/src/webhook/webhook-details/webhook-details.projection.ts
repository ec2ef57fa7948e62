import { newRow, rowProjection } from '@platform/event-store';
import type { StoredEvent } from '@platform/event-store';
import type { WebhookEvent, WebhookSettings } from '../webhook.events';
import { WebhookDetailsRow } from './webhook-details.entity';

const seconds = (ms: number) => Math.floor(ms / 1000);
const settingsOf = ({ url, events, sealedSecret, alertEmail, active }: WebhookSettings) => ({
  url,
  events,
  sealedSecret,
  alertEmail,
  active,
});

export function evolveWebhookDetails(
  row: WebhookDetailsRow | null,
  stored: StoredEvent,
): WebhookDetailsRow | null {
  const event = stored as StoredEvent<WebhookEvent>;
  switch (event.type) {
    case 'WebhookCreated':
      return newRow(event, event.data.createdAt, {
        ...settingsOf(event.data.settings),
        updatedAt: seconds(event.data.createdAt),
        disabledAt: null,
      });
    case 'WebhookEdited':
      return (
        row && {
          ...row,
          ...settingsOf(event.data.settings),
          updatedAt: seconds(event.data.editedAt),
          disabledAt: event.data.settings.active ? null : row.disabledAt,
        }
      );
    case 'WebhookDisabled':
      return (
        row && {
          ...row,
          active: false,
          updatedAt: seconds(event.data.disabledAt),
          disabledAt: seconds(event.data.disabledAt),
        }
      );
    case 'WebhookDeleted':
      return null;
    default:
      return row;
  }
}

/** Inline: the answer to a create and a GET right after it read the same row. */
export const webhookDetailsProjection = rowProjection<WebhookDetailsRow>({
  name: 'webhook-details',
  entity: WebhookDetailsRow,
  canHandle: ['WebhookCreated', 'WebhookEdited', 'WebhookDisabled', 'WebhookDeleted'],
  evolve: evolveWebhookDetails,
});
