/*
 * Starts a broker, reports its address, and on "stop" stops it and lets go of the IPC channel. If
 * stop() left any socket, timer or file open, this process would not exit by itself.
 */
import { startBroker } from '../../src';

async function main(): Promise<void> {
  const broker = await startBroker({ port: 0, minSessionTimeoutMs: 1000 });
  process.send?.({ brokers: broker.brokers, port: broker.port });
  process.on('message', (message) => {
    if (message !== 'stop') return;
    void broker.stop().then(() => {
      process.send?.('stopped');
      process.disconnect();
    });
  });
}

void main();
