export { startBroker } from './lib/broker';
export type { RunningBroker } from './lib/broker';
export type { BrokerOptions } from './lib/broker-options';
export type { BrokerLogger, LogLevel } from './lib/broker-logger';
export { jsonLogger, silentLogger } from './lib/broker-logger';
