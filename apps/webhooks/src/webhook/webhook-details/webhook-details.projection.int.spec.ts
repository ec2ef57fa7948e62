import type { EventMetadata } from '@platform/event-store';
import { ProjectionSpecification, otherTenants, rowOrigin } from '@platform/service-testing';
import { WEBHOOKS_ENTITIES, WEBHOOKS_MIGRATIONS } from '../../app.module';
import { WEBHOOK_STREAM } from '../webhook.decider';
import type { WebhookEvent, WebhookSettings } from '../webhook.events';
import type { WebhookDetailsRow } from './webhook-details.entity';
import { webhookDetailsProjection } from './webhook-details.projection';
import { getWebhookDetails } from './webhook-details.query';

const NOW = 1_700_000_000_000;
const EDITED = NOW + 60_000;
const DISABLED = NOW + 86_400_000;
const METADATA: EventMetadata = { accountId: 'acc_Test0000000001', mode: 'test', now: NOW };
const SETTINGS: WebhookSettings = {
  url: 'https://merchant.example.com/hooks',
  events: ['payment.captured', 'refund.processed'],
  sealedSecret: 'v1.sealed-secret',
  alertEmail: 'ops@merchant.example.com',
  active: true,
};

const created = (webhookId: string): WebhookEvent => ({
  type: 'WebhookCreated',
  data: { webhookId, settings: SETTINGS, createdAt: NOW },
});
const edited = (settings: Partial<WebhookSettings>, editedAt = EDITED): WebhookEvent => ({
  type: 'WebhookEdited',
  data: { settings: { ...SETTINGS, ...settings }, editedAt },
});
const disabled: WebhookEvent = {
  type: 'WebhookDisabled',
  data: { reason: 'deliveries failed for 24 hours', disabledAt: DISABLED },
};

const spec = ProjectionSpecification.forStreams(webhookDetailsProjection, {
  entities: WEBHOOKS_ENTITIES,
  migrations: WEBHOOKS_MIGRATIONS,
  streamType: WEBHOOK_STREAM,
  metadata: METADATA,
  read: getWebhookDetails,
});
const { stream: webhook, detailsOf } = spec;

function activeRow(id: string, overrides: Partial<WebhookDetailsRow> = {}): WebhookDetailsRow {
  return {
    ...rowOrigin(id, METADATA, NOW),
    ...SETTINGS,
    updatedAt: NOW / 1000,
    disabledAt: null,
    ...overrides,
  };
}

describe('webhook details projection', () => {
  beforeAll(spec.start);
  afterAll(spec.stop);

  it('shows a webhook just created as active, with its URL, events and sealed secret', () =>
    spec
      .given(...webhook('wh_Created00000001', created('wh_Created00000001')))
      .then(detailsOf('wh_Created00000001'), activeRow('wh_Created00000001')));

  it('shows the settings after an edit, and when', () =>
    spec
      .given(
        ...webhook(
          'wh_Edited000000001',
          created('wh_Edited000000001'),
          edited({ events: ['order.paid'], sealedSecret: null, alertEmail: null }),
        ),
      )
      .then(
        detailsOf('wh_Edited000000001'),
        activeRow('wh_Edited000000001', {
          version: 2,
          events: ['order.paid'],
          sealedSecret: null,
          alertEmail: null,
          updatedAt: EDITED / 1000,
        }),
      ));

  it('shows a webhook disabled after failed deliveries as inactive, and since when', () =>
    spec.given(...webhook('wh_Disabled0000001', created('wh_Disabled0000001'), disabled)).then(
      detailsOf('wh_Disabled0000001'),
      activeRow('wh_Disabled0000001', {
        version: 2,
        active: false,
        updatedAt: DISABLED / 1000,
        disabledAt: DISABLED / 1000,
      }),
    ));

  it('keeps when it was disabled through an edit that leaves it off', () =>
    spec
      .given(
        ...webhook(
          'wh_StillOff000001',
          created('wh_StillOff000001'),
          disabled,
          edited({ active: false }, DISABLED + 60_000),
        ),
      )
      .then(
        detailsOf('wh_StillOff000001'),
        activeRow('wh_StillOff000001', {
          version: 3,
          active: false,
          updatedAt: (DISABLED + 60_000) / 1000,
          disabledAt: DISABLED / 1000,
        }),
      ));

  it('shows a disabled webhook turned on again by an edit as active', () =>
    spec
      .given(
        ...webhook(
          'wh_Enabled00000001',
          created('wh_Enabled00000001'),
          disabled,
          edited({ active: true }, DISABLED + 60_000),
        ),
      )
      .then(
        detailsOf('wh_Enabled00000001'),
        activeRow('wh_Enabled00000001', { version: 3, updatedAt: (DISABLED + 60_000) / 1000 }),
      ));

  it('shows no row for a deleted webhook', () =>
    spec
      .given(
        ...webhook('wh_Deleted00000001', created('wh_Deleted00000001'), {
          type: 'WebhookDeleted',
          data: { deletedAt: EDITED },
        }),
      )
      .then(detailsOf('wh_Deleted00000001'), null));

  it('leaves the same row when the events are replayed', () =>
    spec
      .given(
        ...webhook(
          'wh_Replayed0000001',
          created('wh_Replayed0000001'),
          edited({ events: ['*'] }),
          disabled,
        ),
      )
      .thenAfter(
        'redelivery',
        detailsOf('wh_Replayed0000001'),
        activeRow('wh_Replayed0000001', {
          version: 3,
          events: ['*'],
          active: false,
          updatedAt: DISABLED / 1000,
          disabledAt: DISABLED / 1000,
        }),
      ));

  it('shows the webhook to no other account or mode', async () => {
    await spec
      .given(...webhook('wh_OtherTenant0001', created('wh_OtherTenant0001')))
      .then(detailsOf('wh_OtherTenant0001'), activeRow('wh_OtherTenant0001'));
    for (const other of otherTenants(METADATA))
      await spec.given().then((db) => getWebhookDetails(db, other, 'wh_OtherTenant0001'), null);
  });
});
