export { startBroker } from './lib/broker';
export type { RunningBroker } from './lib/broker';
export type { BrokerOptions } from './lib/broker-options';
