import { eventTypesOf, topicEventDefinitions } from './asyncapi';
import { TOPIC_DECLARATIONS } from './topic-declarations';

/** Every event type of the platform → the one topic it is published on (from the topics' contract). */
const TOPIC_OF_EVENT_TYPE: ReadonlyMap<string, string> = new Map(
  TOPIC_DECLARATIONS.flatMap((topic) =>
    topicEventDefinitions(topic.name)
      .flatMap(eventTypesOf)
      .map((type) => [type, topic.name] as const),
  ),
);

/** The topic an event type is published on, or null for a type no topic carries. */
export function topicOfEventType(type: string): string | null {
  return TOPIC_OF_EVENT_TYPE.get(type) ?? null;
}

/** The event types a topic carries, in the contract's order. */
export function eventTypesOnTopic(topic: string): string[] {
  return [...TOPIC_OF_EVENT_TYPE].filter(([, on]) => on === topic).map(([type]) => type);
}
