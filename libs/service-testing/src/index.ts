export * from './lib/service-under-test';
export * from './lib/refusal';
export * from './lib/test-clock';
