export * from './lib/page-format';
