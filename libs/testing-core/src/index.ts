export * from './lib/decider-specification';
export * from './lib/free-port';
export * from './lib/test-database';
export * from './lib/wait-for';
export * from './lib/test-certificates';
