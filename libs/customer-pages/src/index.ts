export * from './lib/page-format';
export * from './lib/payments-table';
