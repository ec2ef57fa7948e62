export * from './lib/service-under-test';
export * from './lib/test-broker';
export * from './lib/refusal';
export * from './lib/test-clock';
export * from './lib/api-specification';
export * from './lib/projection-specification';
export * from './lib/consumer-inbox';
export * from './lib/quiet-owner';
