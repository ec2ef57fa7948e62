export * from './lib/inbox';
export * from './lib/kafka-options';
export * from './lib/outbox-relay';
export * from './lib/reliable-consumer';
