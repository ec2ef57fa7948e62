import 'reflect-metadata';
import type { ServiceUnderTest } from '@platform/service-testing';
import { as, newAccount, query, refusal, startWithBroker, stopAll } from './webhooks.kit';
import type { WebhooksUnderTest } from './webhooks.kit';

const HOOK = {
  url: 'https://hooks.example.com/razorpay',
  events: ['payment.captured', 'order.paid'],
  secret: 'whsec_0123456789',
  alert_email: 'ops@example.com',
};

describe('the webhooks API, both paths the official SDK uses', () => {
  let running: WebhooksUnderTest;
  let webhooks: ServiceUnderTest;
  beforeAll(async () => ({ webhooks } = running = await startWithBroker()));
  afterAll(() => stopAll(running));

  it('creates, lists, fetches, edits and deletes a webhook, and never shows or stores its secret in the clear', async () => {
    const caller = newAccount();
    const api = as(webhooks, caller);
    const { status, body: created } = await api.post('/v1/webhooks', HOOK);
    expect(status).toBe(200);
    expect(created).toEqual({
      id: expect.stringMatching(/^wh_[0-9A-Za-z]{14}$/),
      entity: 'webhook',
      url: HOOK.url,
      events: HOOK.events,
      active: true,
      secret_exists: true,
      alert_email: 'ops@example.com',
      created_at: expect.any(Number),
      updated_at: expect.any(Number),
      disabled_at: 0,
      owner_id: caller.accountId,
      owner_type: 'merchant',
      context: [],
      service: 'beta-api-test',
    });
    expect(JSON.stringify(await query(webhooks, 'SELECT * FROM webhooks'))).not.toContain(
      HOOK.secret,
    );
    expect(JSON.stringify(await query(webhooks, 'SELECT data FROM events'))).not.toContain(
      HOOK.secret,
    );
    const id = created['id'] as string;
    expect((await api.get('/v1/webhooks')).body).toMatchObject({
      entity: 'collection',
      count: 1,
      items: [{ id }],
    });
    expect((await api.get(`/v2/accounts/${caller.accountId}/webhooks/`)).body).toMatchObject({
      count: 1,
      items: [{ id }],
    });
    expect((await api.get(`/v2/accounts/${caller.accountId}/webhooks/${id}`)).body).toMatchObject({
      id,
      secret_exists: true,
    });
    expect(
      (await api.put(`/v1/webhooks/${id}`, { events: ['refund.processed'] })).body,
    ).toMatchObject({
      id,
      url: HOOK.url,
      events: ['refund.processed'],
      alert_email: 'ops@example.com',
    });
    expect(
      (
        await api.patch(`/v2/accounts/${caller.accountId}/webhooks/${id}`, {
          url: 'https://hooks.example.com/v2',
          active: false,
        })
      ).body,
    ).toMatchObject({
      url: 'https://hooks.example.com/v2',
      active: false,
      events: ['refund.processed'],
    });
    expect(await api.delete(`/v2/accounts/${caller.accountId}/webhooks/${id}`)).toEqual({
      status: 200,
      body: [] as unknown as Record<string, unknown>,
    });
    expect(await api.get(`/v1/webhooks/${id}`)).toEqual({
      status: 400,
      body: refusal('The id provided does not exist'),
    });
  });

  it('creates through /v2 and takes Razorpay’s object form of events', async () => {
    const caller = newAccount();
    const { body } = await as(webhooks, caller).post(`/v2/accounts/${caller.accountId}/webhooks`, {
      url: HOOK.url,
      events: { 'payment.captured': true, 'refund.created': true, 'order.paid': false },
    });
    expect(body).toMatchObject({
      events: ['payment.captured', 'refund.created'],
      secret_exists: false,
      active: true,
    });
  });

  it('answers another account’s or mode’s webhook like an unknown id', async () => {
    const [mine, theirs] = [newAccount(), newAccount()];
    const { body } = await as(webhooks, mine).post('/v1/webhooks', HOOK);
    const notFound = { status: 400, body: refusal('The id provided does not exist') };
    expect(await as(webhooks, theirs).get(`/v1/webhooks/${body['id']}`)).toEqual(notFound);
    expect(await as(webhooks, { ...mine, mode: 'live' }).get(`/v1/webhooks/${body['id']}`)).toEqual(
      notFound,
    );
    expect(await as(webhooks, theirs).get(`/v2/accounts/${mine.accountId}/webhooks`)).toEqual(
      notFound,
    );
    expect(
      await as(webhooks, theirs).post(`/v2/accounts/${mine.accountId}/webhooks`, HOOK),
    ).toEqual(notFound);
  });

  it('refuses bad input naming the field', async () => {
    const api = as(webhooks, newAccount());
    expect(
      await api.post('/v1/webhooks', {
        ...HOOK,
        events: ['payment.captured', 'payment.teleported'],
      }),
    ).toEqual({
      status: 400,
      body: refusal(
        'The event "payment.teleported" is not a webhook event of this platform.',
        'events',
      ),
    });
    expect(await api.post('/v1/webhooks', { ...HOOK, events: [] })).toEqual({
      status: 400,
      body: refusal(/at least one/, 'events'),
    });
    expect(await api.post('/v1/webhooks', { ...HOOK, url: 'ftp://example.com/x' })).toEqual({
      status: 400,
      body: refusal(/http or https/, 'url'),
    });
    expect(
      await api.post('/v1/webhooks', { ...HOOK, url: `https://example.com/${'a'.repeat(250)}` }),
    ).toEqual({ status: 400, body: refusal(/255 characters/, 'url') });
    expect(await api.post('/v1/webhooks', { ...HOOK, alert_email: 'nope' })).toEqual({
      status: 400,
      body: refusal(/valid email/, 'alert_email'),
    });
    expect(await api.post('/v1/webhooks', { ...HOOK, colour: 'red' })).toEqual({
      status: 400,
      body: refusal(/colour/, 'colour'),
    });
  });

  it('refuses a url that is not an absolute http(s) URL, with line breaks, a backslash, port 0 or credentials, and stores the normalised form', async () => {
    const api = as(webhooks, newAccount());
    for (const [url, problem] of [
      ['http:///x', /valid http or https URL/],
      ['https://hooks.example.com/x\r\nX-Injected: 1', /line breaks/],
      ['https://hooks.example.com\\@evil.example/x', /backslashes/],
      ['https://hooks.example.com:0/x', /port 0/],
      ['https://@hooks.example.com/x', /credentials/],
    ] as const)
      expect(await api.post('/v1/webhooks', { ...HOOK, url })).toEqual({
        status: 400,
        body: refusal(problem, 'url'),
      });
    const created = await api.post('/v1/webhooks', {
      ...HOOK,
      url: 'HTTPS://Hooks.Example.COM:443/a/../razorpay?x=1',
    });
    expect(created).toMatchObject({
      status: 200,
      body: { url: 'https://hooks.example.com/razorpay?x=1' },
    });
    const id = String(created.body['id']);
    expect((await api.get(`/v1/webhooks/${id}`)).body['url']).toBe(
      'https://hooks.example.com/razorpay?x=1',
    );
    const edited = await api.put(`/v1/webhooks/${id}`, { url: 'https://HOOKS.example.com/./v2' });
    expect(edited.body['url']).toBe('https://hooks.example.com/v2');
  });

  it('keeps an account to 30 webhooks a mode, also when 20 are created at once', async () => {
    const caller = newAccount();
    for (let i = 0; i < 25; i++)
      expect((await as(webhooks, caller).post('/v1/webhooks', HOOK)).status).toBe(200);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => as(webhooks, caller).post('/v1/webhooks', HOOK)),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(5);
    for (const refused of answers.filter((answer) => answer.status !== 200))
      expect(refused).toEqual({ status: 400, body: refusal(/at most 30 webhooks/) });
    expect((await as(webhooks, caller).get('/v1/webhooks?count=100')).body['count']).toBe(30);
    expect(
      (await as(webhooks, { ...caller, mode: 'live' }).post('/v1/webhooks', HOOK)).status,
    ).toBe(200);
  });

  it('takes only https on port 443 in live mode', async () => {
    const live = as(webhooks, newAccount('live'));
    expect(await live.post('/v1/webhooks', { ...HOOK, url: 'http://hooks.example.com/x' })).toEqual(
      { status: 400, body: refusal(/https on port 443/, 'url') },
    );
    expect(
      await live.post('/v1/webhooks', { ...HOOK, url: 'https://hooks.example.com:8443/x' }),
    ).toEqual({ status: 400, body: refusal(/https on port 443/, 'url') });
    expect((await live.post('/v1/webhooks', HOOK)).status).toBe(200);
  });
});

describe('webhook addresses without WEBHOOK_ALLOW_PRIVATE_TARGETS (as deployed)', () => {
  let running: WebhooksUnderTest;
  let webhooks: ServiceUnderTest;
  beforeAll(
    async () =>
      ({ webhooks } = running = await startWithBroker({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'false' })),
  );
  afterAll(() => stopAll(running));

  it.each([
    'https://127.0.0.1/hooks',
    'https://localhost/hooks',
    'https://10.0.0.5/hooks',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/hooks',
  ])('refuses %s, in live and test mode', async (url) => {
    for (const caller of [newAccount('live'), newAccount('test')]) {
      expect(await as(webhooks, caller).post('/v1/webhooks', { ...HOOK, url })).toEqual({
        status: 400,
        body: refusal(/public address/, 'url'),
      });
    }
  });

  it('refuses a name that does not resolve', async () => {
    expect(
      await as(webhooks, newAccount()).post('/v1/webhooks', {
        ...HOOK,
        url: 'https://no-such-host.invalid/x',
      }),
    ).toEqual({ status: 400, body: refusal(/could not be resolved/, 'url') });
  });
});
