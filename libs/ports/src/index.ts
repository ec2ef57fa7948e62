export * from './lib/free-port';
