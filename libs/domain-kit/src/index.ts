export * from './lib/decider';
export * from './lib/domain-errors';
export * from './lib/ids';
export * from './lib/money';
export * from './lib/unreachable';
export * from './lib/line-amounts';
