export * from './lib/clock';
export * from './lib/config';
export * from './lib/health';
export * from './lib/metrics';
export * from './lib/migrations';
export * from './lib/run-service';
export * from './lib/service-kit.module';
