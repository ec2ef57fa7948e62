export * from './lib/dead-letters';
export * from './lib/dead-letters.migration';
export * from './lib/event-handler';
export * from './lib/kafka-event-consumer';
export * from './lib/outbox-relay';
export * from './lib/wakeable-sleep';
export * from './lib/notification-listener';
export * from './lib/kept-session';
