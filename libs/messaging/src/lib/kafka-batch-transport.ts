import { Logger } from '@nestjs/common';
import type { INestApplication } from '@nestjs/common';
import { Server } from '@nestjs/microservices';
import type {
  CustomTransportStrategy,
  MessageHandler,
  MicroserviceOptions,
  NestMicroservice,
} from '@nestjs/microservices';
import { topicOfEventType } from '@platform/contracts';
import type { IntegrationEvent } from '@platform/contracts';
import type { Database, SqlRunner } from '@platform/event-store';
import { isObservable, lastValueFrom } from 'rxjs';
import { ErrorsToConsumer, EventBatch } from './event-batch';
import type { InboxRoute } from './event-batch';
import type { EventHandler } from './event-handler';
import { KafkaEventConsumer } from './kafka-event-consumer';
import type { KafkaEventConsumerOptions } from './kafka-event-consumer';

/** One `@EventPattern` method: its inbox route and Nest's handler for it (one per event type). */
interface Method {
  route: InboxRoute;
  byType: Map<string, MessageHandler>;
}

/**
 * The service's Kafka consumer as a Nest microservice transport: handlers are `@EventPattern(<event
 * type>, inbox(<name>))` methods of controllers, found by Nest, and fed by the batch consumer
 * (KafkaEventConsumer), which keeps what Nest's own Kafka transport lacks: a batch of events per
 * handler call in one transaction with their inbox rows, retries that tell the message's fault from
 * the platform's, and dead letters. Topics are subscribed from the handlers' event types (the
 * topics' contract says where each type is published).
 *
 * Only events: a message pattern (request/response) has no place on the platform's topics. Unlike
 * Nest's default, handlers of the same event type are not chained into one call: each keeps its own
 * inbox, transaction retries and dead letters.
 */
export class KafkaBatchTransport extends Server implements CustomTransportStrategy {
  readonly consumer: KafkaEventConsumer;
  private readonly methods = new Map<InboxRoute, Method>();
  private readonly log = new Logger('KafkaBatchTransport');

  constructor(options: KafkaEventConsumerOptions, database: Database) {
    super();
    this.consumer = new KafkaEventConsumer(options, database, () => this.eventHandlers());
  }

  override addHandler(
    pattern: unknown,
    callback: MessageHandler,
    isEventHandler = false,
    extras: Record<string, unknown> = {},
  ): void {
    const type = this.normalizePattern(pattern as string);
    if (!isEventHandler)
      throw new Error(`@MessagePattern('${type}'): Kafka events have no reply; use @EventPattern`);
    const route = extras as Partial<InboxRoute>;
    if (typeof route.inbox !== 'string')
      throw new Error(`@EventPattern('${type}') needs its inbox: @EventPattern(type, inbox(name))`);
    if (topicOfEventType(type) === null)
      throw new Error(`@EventPattern('${type}'): no topic carries this event type`);
    callback.isEventHandler = true;
    callback.extras = extras;
    // One Nest proxy per pattern, but every pattern of a method shares its extras object: that
    // object stands for the method, so its events of several types go to it in one call, in order.
    const method = this.methods.get(route as InboxRoute) ?? {
      route: route as InboxRoute,
      byType: new Map<string, MessageHandler>(),
    };
    method.byType.set(type, callback);
    this.methods.set(route as InboxRoute, method);
  }

  /** Starts consuming in the background: the service serves HTTP (not ready) while Kafka is away. */
  listen(callback: (...optionalParams: unknown[]) => unknown): void {
    if (this.methods.size > 0)
      void this.consumer
        .start()
        .catch((error: unknown) => this.log.error(`Kafka consumer stopped: ${String(error)}`));
    callback();
  }

  /** Leaves the consumer group once the chunk in hand is committed. */
  async close(): Promise<void> {
    await this.consumer.stop();
  }

  on(): never {
    throw new Error('KafkaBatchTransport has no events to listen to');
  }

  unwrap<T>(): T {
    return this.consumer as T;
  }

  /** What the batch consumer runs: per method, one handler of each topic its event types are on. */
  private eventHandlers(): EventHandler[] {
    const handlers: EventHandler[] = [];
    const seen = new Set<string>();
    for (const method of this.methods.values()) {
      const byTopic = new Map<string, Map<string, MessageHandler>>();
      for (const [type, callback] of method.byType) {
        const topic = topicOfEventType(type) as string; // addHandler refused types without one
        byTopic.set(topic, (byTopic.get(topic) ?? new Map()).set(type, callback));
      }
      for (const [topic, callbacks] of byTopic) {
        const key = `${method.route.inbox}|${topic}`;
        // One inbox name of one topic is one method: a second would find the events "seen" already.
        if (seen.has(key))
          throw new Error(
            `two @EventPattern methods share the inbox ${method.route.inbox} on ${topic}`,
          );
        seen.add(key);
        handlers.push(this.handlerOf(method.route, topic, callbacks));
      }
    }
    return handlers;
  }

  private handlerOf(
    route: InboxRoute,
    topic: string,
    callbacks: ReadonlyMap<string, MessageHandler>,
  ): EventHandler {
    // Events of other types on the topic are none of the method's business: skipped before any
    // transaction (no inbox row), as are those its route's relevance leaves out.
    const run = async (tx: SqlRunner, events: readonly IntegrationEvent[]) => {
      const taken = events.filter((event) => callbacks.has(event.type));
      if (taken.length === 0) return;
      // Any of the method's callbacks runs it: they differ only in the pattern Nest registered.
      const callback = callbacks.get(taken[0].type) as MessageHandler;
      await this.invoke(callback, taken, new EventBatch([tx, topic]));
    };
    const { problem, relevant } = route;
    return {
      topic,
      consumer: route.inbox,
      // Only what its relevance left out: the other types on the topic are never its business.
      rememberSkips: route.rememberSkips ? (event) => callbacks.has(event.type) : undefined,
      problem: problem && ((event) => (callbacks.has(event.type) ? problem(event) : null)),
      relevant: (db, events) => {
        const taken = events.filter((event) => callbacks.has(event.type));
        return relevant && taken.length > 0 ? relevant(db, taken) : taken;
      },
      applyAll: run,
      apply: (tx, event) => run(tx, [event]),
    };
  }

  /** Calls the handler through Nest (pipes, guards, interceptors, filters) and waits for its effect. */
  private async invoke(
    callback: MessageHandler,
    events: readonly IntegrationEvent[],
    batch: EventBatch,
  ): Promise<void> {
    const result: unknown = await callback(events, batch);
    if (isObservable(result)) await lastValueFrom(result, { defaultValue: undefined });
  }
}

/**
 * Connects the transport to the app as its microservice, so the `@EventPattern` handlers of its
 * controllers are registered; consuming starts with `app.startAllMicroservices()` (after `init`).
 * This is Nest's connectMicroservice with the listeners registered after, not before, the transport's
 * exception filter (handlers bind their filters when they are registered); the app calls every
 * module's init hooks itself, so the microservice must not call them again.
 */
export function connectKafkaBatchTransport(
  app: INestApplication,
  transport: KafkaBatchTransport,
): void {
  const microservice = app.connectMicroservice<MicroserviceOptions>(
    { strategy: transport },
    { deferInitialization: true },
  ) as NestMicroservice;
  microservice.useGlobalFilters(new ErrorsToConsumer());
  microservice.registerListeners();
  microservice.setIsInitialized(true);
  microservice.setIsInitHookCalled(true);
}
