import 'reflect-metadata';
import type { ServiceUnderTest } from '@platform/service-testing';
import { as, newAccount, query, refusal, startWithBroker, stopAll } from '../../test/webhooks.kit';
import type { WebhooksUnderTest } from '../../test/webhooks.kit';

const HOUR = 3600;
const HOOK = {
  url: 'https://hooks.example.com/razorpay',
  events: ['payment.captured'],
  secret: 'whsec_0123456789',
};
const UNKNOWN = { status: 400, body: refusal('The id provided does not exist') };

describe('Entity history (webhooks)', () => {
  let running: WebhooksUnderTest;
  let webhooks: ServiceUnderTest;
  beforeAll(async () => ({ webhooks } = running = await startWithBroker()));
  afterAll(() => stopAll(running));

  /** A webhook created now, edited an hour later and deleted two hours later (account clock). */
  async function editedThenDeleted(caller = newAccount()) {
    const api = as(webhooks, caller);
    const { body: created } = await api.post('/v1/webhooks', HOOK);
    const id = created['id'] as string;
    const edit = await as(webhooks, caller, HOUR).put(`/v1/webhooks/${id}`, {
      events: ['refund.processed'],
    });
    expect(edit.status).toBe(200);
    expect((await as(webhooks, caller, 2 * HOUR).delete(`/v1/webhooks/${id}`)).status).toBe(200);
    return { api, caller, id, createdAt: created['created_at'] as number };
  }

  it('lists a webhook’s events oldest first, never with its secret, even sealed', async () => {
    const { api, id } = await editedThenDeleted();
    const { status, body } = await api.get(`/v1/events?entity_id=${id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      entity: 'collection',
      count: 3,
      items: [
        {
          type: 'WebhookCreated',
          version: 1,
          data: { webhookId: id, settings: { url: HOOK.url, secretExists: true } },
        },
        { type: 'WebhookEdited', version: 2, data: { settings: { events: ['refund.processed'] } } },
        { type: 'WebhookDeleted', version: 3 },
      ],
    });
    const [stored] = await query<{ data: { settings: { sealedSecret: string } } }>(
      webhooks,
      'SELECT data FROM events WHERE stream_id = $1 AND version = 1',
      [id],
    );
    expect(stored.data.settings.sealedSecret).toEqual(expect.any(String));
    const shown = JSON.stringify(body);
    expect(shown).not.toContain(stored.data.settings.sealedSecret);
    expect(shown).not.toContain('sealedSecret');
    expect(shown).not.toContain(HOOK.secret);
  });

  it('answers another account’s or mode’s webhook like an unknown id', async () => {
    const { caller, id } = await editedThenDeleted();
    const url = `/v1/events?entity_id=${id}`;
    expect(await as(webhooks, newAccount()).get(url)).toEqual(UNKNOWN);
    expect(await as(webhooks, { ...caller, mode: 'live' }).get(url)).toEqual(UNKNOWN);
  });

  it('shows a webhook as it was on both paths: its first settings, its edit, then gone once deleted', async () => {
    const { api, caller, id, createdAt } = await editedThenDeleted();
    const v1 = (asOf: number) => api.get(`/v1/webhooks/${id}?as_of=${asOf}`);
    const v2 = (asOf: number) =>
      api.get(`/v2/accounts/${caller.accountId}/webhooks/${id}?as_of=${asOf}`);
    expect(await v1(createdAt - 1)).toEqual(UNKNOWN);
    expect((await v1(createdAt + HOUR / 2)).body).toMatchObject({
      id,
      events: HOOK.events,
      secret_exists: true,
    });
    expect((await v2(createdAt + HOUR + 60)).body).toMatchObject({
      id,
      events: ['refund.processed'],
    });
    expect(await v1(createdAt + 3 * HOUR)).toEqual(UNKNOWN);
    expect(await api.get(`/v1/webhooks/${id}`)).toEqual(UNKNOWN);
  });
});
