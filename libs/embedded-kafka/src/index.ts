export { startBroker } from './lib/broker';
export type { RunningBroker } from './lib/broker';
export type { BrokerOptions } from './lib/broker-options';
export type { BrokerLogger, LogLevel } from './lib/broker-logger';
export { jsonLogger, silentLogger } from './lib/broker-logger';
export type { SaslSettings } from './lib/sasl/sasl-session';
export type { SaslMechanismName } from './lib/sasl/sasl-mechanism';
