export * from './lib/service-under-test';
