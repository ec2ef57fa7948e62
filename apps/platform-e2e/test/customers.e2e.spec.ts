import { Kafka, logLevel } from 'kafkajs';
import { NOT_FOUND_EXACT as NOT_FOUND } from './support/fixtures';
import { newAccount, platform, rejection, sdk } from './support/platform';
import type { PlatformAccount } from './support/platform';

let unique = 0;
function someone(): { name: string; email: string; contact: string } {
  unique++;
  return {
    name: `E2e Customer ${unique}`,
    email: `e2e.customer${unique}.${Date.now()}@example.com`,
    contact: `+91${String(Date.now()).slice(-8)}${unique % 10}`,
  };
}

describe('Customers through the gateway with the official razorpay SDK', () => {
  const account = () => platform.account;

  it('creates, edits, fetches and lists customers', async () => {
    const rzp = sdk(account().test);
    const details = someone();
    const created = await rzp.customers.create({ ...details, notes: { source: 'e2e' } });
    expect(created).toMatchObject({
      entity: 'customer',
      ...details,
      gstin: null,
      notes: { source: 'e2e' },
    });
    expect(created.id).toMatch(/^cust_[0-9A-Za-z]{14}$/);

    const edited = await rzp.customers.edit(created.id, { name: 'Renamed Customer' });
    expect(edited).toEqual({ ...created, name: 'Renamed Customer' });
    expect(await rzp.customers.fetch(created.id)).toEqual(edited);

    const page = await rzp.customers.all({ count: 100 });
    expect(page.entity).toBe('collection');
    expect(page.items[0]).toEqual(edited); // newest first
  });

  it('returns the existing customer with fail_existing 0, and refuses a duplicate otherwise', async () => {
    const rzp = sdk(account().test);
    const details = someone();
    const first = await rzp.customers.create(details);
    expect((await rzp.customers.create({ ...details, fail_existing: 0 })).id).toBe(first.id);
    expect(await rejection(rzp.customers.create(details))).toMatchObject({
      statusCode: 400,
      error: { description: 'Customer already exists for the merchant' },
    });
  });

  it('reports bad input the way the SDK surfaces errors: status and the error object with its field', async () => {
    const failure = await rejection(
      sdk(account().test).customers.create({ name: 'Valid Name', email: 'not-an-email' }),
    );
    expect(failure).toEqual({
      statusCode: 400,
      error: expect.objectContaining({
        code: 'BAD_REQUEST_ERROR',
        field: 'email',
        reason: 'input_validation_failed',
      }),
    });
  });

  it('rejects a wrong key pair with 401', async () => {
    const failure = await rejection(
      sdk({ id: account().test.id, secret: 'not-the-secret-at-all-xx' }).customers.all(),
    );
    expect(failure).toMatchObject({
      statusCode: 401,
      error: { description: 'The api key provided is invalid' },
    });
  });

  describe('isolation', () => {
    let other: PlatformAccount;
    beforeAll(async () => (other = await newAccount('Other Merchant')));

    it('answers another account exactly like an unknown id, for fetch, edit and list', async () => {
      const mine = await sdk(account().test).customers.create(someone());
      const theirs = sdk(other.test);
      expect(await rejection(theirs.customers.fetch(mine.id))).toEqual(NOT_FOUND);
      expect(await rejection(theirs.customers.edit(mine.id, { name: 'Taken Over' }))).toEqual(
        NOT_FOUND,
      );
      expect((await theirs.customers.all({ count: 100 })).items.map((c) => c.id)).not.toContain(
        mine.id,
      );
      expect(await rejection(theirs.customers.fetch('cust_00000000000000'))).toEqual(NOT_FOUND);
    });

    it('keeps test and live data apart for the same account', async () => {
      const testCustomer = await sdk(account().test).customers.create(someone());
      const live = sdk(account().live);
      expect(await rejection(live.customers.fetch(testCustomer.id))).toEqual(NOT_FOUND);
      expect((await live.customers.all({ count: 100 })).items.map((c) => c.id)).not.toContain(
        testCustomer.id,
      );
    });
  });

  describe('events on Kafka', () => {
    it('publishes customer.created and customer.updated on billing.customer, readable with any Kafka client', async () => {
      const rzp = sdk(account().test);
      const created = await rzp.customers.create(someone());
      await rzp.customers.edit(created.id, { contact: '+919999999999' });
      const consumer = new Kafka({
        brokers: [platform.kafka],
        logLevel: logLevel.NOTHING,
      }).consumer({ groupId: `e2e-${Date.now()}`, maxWaitTimeInMs: 200 });
      const seen: { type: string; data: { customer: { id: string; contact: string } } }[] = [];
      await consumer.connect();
      await consumer.subscribe({ topic: 'billing.customer', fromBeginning: true });
      await consumer.run({
        eachMessage: async ({ message }) =>
          void (String(message.key) === created.id && seen.push(JSON.parse(String(message.value)))),
      });
      const deadline = Date.now() + 20_000;
      while (seen.length < 2 && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 100));
      await consumer.disconnect();
      expect(seen.map((event) => event.type)).toEqual(['customer.created', 'customer.updated']);
      expect(seen[1].data.customer).toMatchObject({ id: created.id, contact: '+919999999999' });
    });

    it('is consumed by the payments service (its consumer group reaches the end of the topic)', async () => {
      await sdk(account().test).customers.create(someone());
      const admin = new Kafka({ brokers: [platform.kafka], logLevel: logLevel.NOTHING }).admin();
      await admin.connect();
      const deadline = Date.now() + 20_000;
      let caughtUp = false;
      while (!caughtUp && Date.now() < deadline) {
        const end = (await admin.fetchTopicOffsets('billing.customer')).reduce(
          (sum, p) => sum + Number(p.high),
          0,
        );
        const [{ partitions }] = await admin.fetchOffsets({
          groupId: 'payments',
          topics: ['billing.customer'],
        });
        caughtUp = partitions.reduce((sum, p) => sum + Math.max(0, Number(p.offset)), 0) === end;
        if (!caughtUp) await new Promise((resolve) => setTimeout(resolve, 200));
      }
      await admin.disconnect();
      expect(caughtUp).toBe(true);
    });
  });

  describe('the gateway', () => {
    it('serves the OpenAPI document, and every documented path exists', async () => {
      const document = (await (await fetch(`${platform.baseUrl}/docs/openapi.json`)).json()) as {
        paths: Record<string, Record<string, unknown>>;
      };
      const auth = `Basic ${Buffer.from(`${account().test.id}:${account().test.secret}`).toString('base64')}`;
      for (const [path, operations] of Object.entries(document.paths)) {
        for (const method of Object.keys(operations)) {
          const response = await fetch(
            `${platform.baseUrl}${path.replace('{file}', 'qr_00000000000000.png').replace(/\{[a-z_]+\}/g, 'x_00000000000000')}`,
            {
              method: method.toUpperCase(),
              headers: { authorization: auth, 'content-type': 'application/json' },
              body: method === 'get' ? undefined : '{}',
            },
          );
          // A file (checkout.js) is there when it answers at all; the gateway's 404 is JSON.
          const json = response.headers.get('content-type')?.includes('json') ?? false;
          const body = (json ? await response.json() : {}) as { error?: { description?: string } };
          expect({ path, method, description: body.error?.description }).not.toEqual({
            path,
            method,
            description: 'The requested URL was not found on the server.',
          });
        }
      }
    });

    it('answers health and readiness, and metrics on their own port only', async () => {
      expect((await fetch(`${platform.baseUrl}/health/live`)).status).toBe(200);
      expect((await fetch(`${platform.baseUrl}/health/ready`)).status).toBe(200);
      const metrics = await (await fetch(platform.gatewayMetricsUrl)).text();
      expect(metrics).toContain('process_cpu_seconds_total');
      expect(metrics).toMatch(
        /^http_request_duration_seconds_count\{method="GET",route="\/health\/live",status_code="200"\} [1-9]/m,
      );
      // The API's routes by pattern (the gateway forwards them through one catch-all route).
      expect(metrics).toMatch(
        /^http_request_duration_seconds_count\{method="GET",route="\/v1\/customers\/:id",status_code="200"\} [1-9]/m,
      );
      expect(metrics).not.toMatch(/route="\/v1\/\*",status_code="2/); // only refusals before routing (401) keep the catch-all
      const onPublicPort = await fetch(`${platform.baseUrl}/metrics`);
      expect(onPublicPort.status).toBe(400);
      expect(await onPublicPort.json()).toMatchObject({
        error: {
          code: 'BAD_REQUEST_ERROR',
          description: 'The requested URL was not found on the server.',
        },
      });
    });
  });
});
