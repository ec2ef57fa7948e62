import { NotFound, ValidationFailed } from '@platform/domain-kit';
import { DeciderSpecification } from '@platform/testing-core';
import { webhookDecider } from './webhook.decider';
import type { WebhookEvent, WebhookSettings } from './webhook.events';
import { MAX_WEBHOOKS, webhookRegistryDecider } from './webhook-registry.decider';

const metadata = { accountId: 'acc_1', mode: 'test' as const, now: 1_700_000_000_000 };
const settings: WebhookSettings = {
  url: 'https://example.com/hooks',
  events: ['payment.captured'],
  sealedSecret: 'v1:a:b:c',
  alertEmail: 'ops@example.com',
  active: true,
};
const created: WebhookEvent = {
  type: 'WebhookCreated',
  data: { webhookId: 'wh_1', settings, createdAt: metadata.now },
};
const given = DeciderSpecification.for(webhookDecider);

describe('Webhook', () => {
  describe('when active', () => {
    it('changes only the settings sent', () => {
      given([created])
        .when({ type: 'EditWebhook', data: { events: ['order.paid'], url: undefined }, metadata })
        .then([
          {
            type: 'WebhookEdited',
            data: { settings: { ...settings, events: ['order.paid'] }, editedAt: metadata.now },
          },
        ]);
    });

    it('is disabled after failed deliveries', () => {
      given([created])
        .when({ type: 'DisableWebhook', data: { reason: 'failing' }, metadata })
        .then([{ type: 'WebhookDisabled', data: { reason: 'failing', disabledAt: metadata.now } }]);
    });
  });

  describe('when disabled', () => {
    const disabled: WebhookEvent = {
      type: 'WebhookDisabled',
      data: { reason: 'failing', disabledAt: metadata.now },
    };

    it('is not disabled again', () => {
      given([created, disabled])
        .when({ type: 'DisableWebhook', data: { reason: 'again' }, metadata })
        .thenNothingHappened();
    });

    it('is turned on again by an edit with active: true', () => {
      given([created, disabled])
        .when({ type: 'EditWebhook', data: { active: true }, metadata })
        .then([
          {
            type: 'WebhookEdited',
            data: { settings: { ...settings, active: true }, editedAt: metadata.now },
          },
        ]);
    });
  });

  describe('when deleted', () => {
    it('is not found', () => {
      given([created, { type: 'WebhookDeleted', data: { deletedAt: metadata.now } }])
        .when({ type: 'EditWebhook', data: { active: false }, metadata })
        .thenThrows(NotFound);
    });
  });
});

describe('Webhook registry', () => {
  const full = Array.from({ length: MAX_WEBHOOKS }, (_, i) => ({
    type: 'WebhookRegistered' as const,
    data: { webhookId: `wh_${i}` },
  }));
  const givenRegistry = DeciderSpecification.for(webhookRegistryDecider);

  it('takes a 30th webhook and refuses a 31st', () => {
    givenRegistry(full.slice(1))
      .when({ type: 'RegisterWebhook', data: { webhookId: 'wh_new' }, metadata })
      .then([{ type: 'WebhookRegistered', data: { webhookId: 'wh_new' } }]);
    givenRegistry(full)
      .when({ type: 'RegisterWebhook', data: { webhookId: 'wh_new' }, metadata })
      .thenThrows(ValidationFailed);
  });

  it('makes room again when one is deleted', () => {
    givenRegistry([...full, { type: 'WebhookUnregistered', data: { webhookId: 'wh_3' } }])
      .when({ type: 'RegisterWebhook', data: { webhookId: 'wh_new' }, metadata })
      .then([{ type: 'WebhookRegistered', data: { webhookId: 'wh_new' } }]);
  });
});
