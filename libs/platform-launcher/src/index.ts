export * from './lib/coordinates';
export * from './lib/data-dir';
export type { KeyPair } from './lib/dev-account';
export * from './lib/free-port';
export * from './lib/harness-platform';
export { readLauncherConfig, SERVICES } from './lib/launcher-config';
export type { ServiceName } from './lib/launcher-config';
export * from './lib/launcher-process';
export * from './lib/platform';
