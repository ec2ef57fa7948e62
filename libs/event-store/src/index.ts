export * from './lib/command-handler';
export * from './lib/event-store';
export * from './lib/event-store.migration';
export * from './lib/outbox';
export * from './lib/projection';
export * from './lib/rebuild';
export * from './lib/stored-event';
