import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { TOPIC_DECLARATIONS, TOPIC_MESSAGES_SCHEMA } from '@platform/contracts';
import Ajv from 'ajv';
import type { ValidateFunction } from 'ajv';
import { Kafka, logLevel } from 'kafkajs';
import OpenAPIBackend from 'openapi-backend';
import type { Exchange } from './support/traffic-recorder';
import { platform } from './support/platform';

interface Published {
  topic: string;
  offset: string;
  event: { type?: string };
}

/** Every message on the platform's topics so far (the specs before this one made them). */
async function everythingPublished(): Promise<Published[]> {
  const kafka = new Kafka({ brokers: [platform.kafka], logLevel: logLevel.NOTHING });
  const admin = kafka.admin();
  await admin.connect();
  const topics = (await admin.listTopics()).filter((topic) =>
    TOPIC_DECLARATIONS.some((declared) => declared.name === topic),
  );
  const expected = new Map<string, number>();
  for (const topic of topics)
    expected.set(
      topic,
      (await admin.fetchTopicOffsets(topic)).reduce((sum, p) => sum + Number(p.high), 0),
    );
  await admin.disconnect();
  const consumer = kafka.consumer({ groupId: `contracts-${randomUUID()}`, maxWaitTimeInMs: 200 });
  const published: Published[] = [];
  await consumer.connect();
  await consumer.subscribe({ topics, fromBeginning: true });
  const total = [...expected.values()].reduce((sum, count) => sum + count, 0);
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`read ${published.length} of ${total} messages`)),
      60_000,
    );
    void consumer.run({
      eachMessage: async ({ topic, message }) => {
        published.push({
          topic,
          offset: message.offset,
          event: JSON.parse(String(message.value)) as Published['event'],
        });
        if (published.length < total) return;
        clearTimeout(timer);
        resolve();
      },
    });
    if (total === 0) {
      clearTimeout(timer);
      resolve();
    }
  });
  await consumer.disconnect();
  return published;
}

/** A validator of one topic's messages, from the schemas the AsyncAPI document is made of. */
function validatorOf(ajv: Ajv, topic: string): ValidateFunction {
  const topics = TOPIC_MESSAGES_SCHEMA.definitions.TopicMessages.properties as Record<
    string,
    object
  >;
  return ajv.compile({ ...topics[topic], definitions: TOPIC_MESSAGES_SCHEMA.definitions });
}

describe('The topics’ contract (AsyncAPI), checked against what the platform published', () => {
  it('serves the AsyncAPI document and its page', async () => {
    const document = (await (await fetch(`${platform.baseUrl}/docs/asyncapi.json`)).json()) as {
      asyncapi: string;
      channels: Record<string, { address: string }>;
    };
    expect(document.asyncapi).toBe('3.0.0');
    expect(Object.values(document.channels).map((channel) => channel.address)).toEqual(
      TOPIC_DECLARATIONS.map((topic) => topic.name),
    );
    const page = await fetch(`${platform.baseUrl}/docs/events`);
    expect(page.headers.get('content-type')).toContain('text/html');
    expect(await page.text()).toContain('<code>payments.payment</code>');
  });

  it('finds every event the suite made the platform publish valid against its topic’s schema', async () => {
    const published = await everythingPublished();
    const ajv = new Ajv({ allErrors: true, strict: false });
    const validators = new Map<string, ValidateFunction>(
      TOPIC_DECLARATIONS.map((topic) => [topic.name, validatorOf(ajv, topic.name)]),
    );
    const invalid: string[] = [];
    for (const { topic, offset, event } of published) {
      const type = event.type;
      const validate = validators.get(topic) as ValidateFunction;
      if (!validate(event))
        invalid.push(
          `${topic}@${offset} ${type}: ${ajv.errorsText(validate.errors, { separator: '; ' }).slice(0, 400)}`,
        );
    }
    expect(invalid).toEqual([]);
    // The specs before this one ran the money flows: their topics carry events to check.
    const carried = new Set(published.map((message) => message.topic));
    expect(
      ['payments.payment', 'payments.refund', 'billing.invoice'].filter(
        (topic) => !carried.has(topic),
      ),
    ).toEqual([]);
  });
});

/**
 * The query as the document names it: the expansions every client encodes its own way (the SDK
 * sends `expand[expand]=card`; the document's `expand[]` describes every form the API reads).
 */
function documentedQuery(search: URLSearchParams): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of search) {
    const name = /^expand(\[[^\]]*\])*$/.test(key) ? 'expand[]' : key;
    const known = query[name];
    query[name] = known === undefined ? value : [...[known].flat(), value];
  }
  return query;
}

describe('The API’s contract (OpenAPI), checked against every call the suite made', () => {
  it('finds every answer, and every request the platform accepted, as /docs/openapi.json describes them', async () => {
    const document = (await (
      await fetch(`${platform.baseUrl}/docs/openapi.json`)
    ).json()) as object;
    const api = new OpenAPIBackend({
      definition: document as never,
      quick: true,
      ajvOpts: { strict: false },
    });
    await api.init();
    const exchanges = readFileSync(process.env['E2E_TRAFFIC_FILE'] as string, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Exchange);
    const problems = new Set<string>();
    for (const exchange of exchanges) {
      const url = new URL(exchange.url, 'http://x');
      const request = {
        method: exchange.method,
        path: url.pathname,
        query: documentedQuery(url.searchParams),
        body: exchange.requestBody,
        headers: { 'content-type': 'application/json' },
      };
      const operation = api.matchOperation(request);
      const where = `${exchange.method} ${url.pathname} → ${exchange.status}`;
      if (!operation) {
        if (exchange.status < 400) problems.add(`${where}: no operation documents it`);
        continue;
      }
      const accepted = exchange.status < 300 && exchange.requestIsJson;
      const requestCheck = accepted
        ? api.validateRequest(request, operation)
        : { valid: true, errors: [] };
      if (!requestCheck.valid)
        problems.add(`${where}: request ${JSON.stringify(requestCheck.errors).slice(0, 300)}`);
      const responseCheck = api.validateResponse(exchange.responseBody, operation, exchange.status);
      if (!responseCheck.valid)
        problems.add(`${where}: response ${JSON.stringify(responseCheck.errors).slice(0, 300)}`);
    }
    expect(exchanges.length).toBeGreaterThan(500);
    expect([...problems]).toEqual([]);
  });
});
