import { EventHeaders } from './envelope';
import { TOPIC_MESSAGES_SCHEMA } from './generated/topic-messages.schema';
import { TOPIC_DECLARATIONS } from './topic-declarations';

type Json = Record<string, unknown>;
const DEFINITIONS = TOPIC_MESSAGES_SCHEMA.definitions as Record<string, Json>;

/** The event types (payload definitions) a topic carries, unions flattened: `payments.payment` → three. */
export function topicEventDefinitions(topic: string): string[] {
  const topics = DEFINITIONS['TopicMessages']['properties'] as Record<string, Json>;
  return topics[topic] ? leaves(topics[topic]) : [];
}

function leaves(schema: Json): string[] {
  const ref = schema['$ref'] as string | undefined;
  if (ref) {
    const name = ref.replace('#/definitions/', '');
    const definition = DEFINITIONS[name];
    return definition['anyOf'] ? leaves(definition) : [name];
  }
  return ((schema['anyOf'] as Json[] | undefined) ?? []).flatMap(leaves);
}

/** The `type` values an event definition allows (one, or an enum such as the invoice's statuses). */
export function eventTypesOf(definition: string): string[] {
  const type = (DEFINITIONS[definition]['properties'] as Record<string, Json>)['type'];
  if (type['const']) return [type['const'] as string];
  const target = type['$ref']
    ? DEFINITIONS[(type['$ref'] as string).replace('#/definitions/', '')]
    : type;
  return (target['enum'] as string[] | undefined) ?? [];
}

/**
 * The AsyncAPI 3 document of the platform's topics, built from the same declarations the platform
 * runs on: TOPIC_DECLARATIONS (name, producer, partitions, retention) and TopicMessages (the JSON
 * Schema of every event, generated from the TypeScript types producers compile against).
 */
export function asyncApiDocument(version = '0.1.0'): Json {
  const channels: Json = {};
  const operations: Json = {};
  const messages: Json = {};
  for (const topic of TOPIC_DECLARATIONS) {
    const id = channelId(topic.name);
    const events = topicEventDefinitions(topic.name);
    channels[id] = {
      address: topic.name,
      title: topic.name,
      description: `Published by ${topic.producer}, keyed by the entity id (each entity's events stay in order).`,
      messages: Object.fromEntries(
        events.map((event) => [event, { $ref: `#/components/messages/${event}` }]),
      ),
      bindings: {
        kafka: {
          topic: topic.name,
          partitions: topic.partitions,
          replicas: topic.replicationFactor,
          topicConfiguration: {
            'cleanup.policy': [topic.config['cleanup.policy']],
            'retention.ms': Number(topic.config['retention.ms']),
          },
          bindingVersion: '0.5.0',
        },
      },
    };
    operations[`publish_${id}`] = {
      action: 'send',
      channel: { $ref: `#/channels/${id}` },
      summary: `${topic.producer} publishes ${topic.name}`,
      messages: events.map((event) => ({ $ref: `#/channels/${id}/messages/${event}` })),
    };
    for (const event of events) messages[event] = message(event);
  }
  return {
    asyncapi: '3.0.0',
    info: {
      title: 'Payments platform events',
      version,
      description:
        'The integration events the services publish on Kafka. The value is a JSON envelope (`id`, `type`, `schema_version`, `account_id`, `mode`, `stream_id`, `stream_version`, `occurred_at`, `correlation_id`, `causation_id`) around `data`: the entity as the API shows it after the change, plus the change.',
    },
    defaultContentType: 'application/json',
    channels,
    operations,
    components: { messages, schemas: componentSchemas() },
  };
}

function message(definition: string): Json {
  const types = eventTypesOf(definition);
  return {
    name: definition,
    title: types.join(', '),
    contentType: 'application/json',
    headers: {
      type: 'object',
      properties: {
        [EventHeaders.type]: { type: 'string', enum: types },
        [EventHeaders.id]: {
          type: 'string',
          description: 'The envelope `id`: consumers deduplicate on it.',
        },
        [EventHeaders.schemaVersion]: { type: 'string', const: '1' },
        [EventHeaders.contentType]: { type: 'string', const: 'application/json' },
        traceparent: { type: 'string', description: 'W3C trace context, when tracing is on.' },
      },
      required: [EventHeaders.type, EventHeaders.id, EventHeaders.schemaVersion],
    },
    payload: { $ref: `#/components/schemas/${definition}` },
    bindings: {
      kafka: { key: { type: 'string', description: 'The entity id' }, bindingVersion: '0.5.0' },
    },
  };
}

/** The generated definitions as AsyncAPI component schemas (their references rewritten to match). */
function componentSchemas(): Json {
  const text = JSON.stringify(DEFINITIONS).replace(/#\/definitions\//g, '#/components/schemas/');
  return JSON.parse(text) as Json;
}

function channelId(topic: string): string {
  return topic.replace(/[^A-Za-z0-9]/g, '_');
}
