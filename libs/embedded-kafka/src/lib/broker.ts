import { mkdirSync } from 'node:fs';
import { createServer } from 'node:net';
import type { Server, Socket } from 'node:net';
import { createServer as createTlsServer } from 'node:tls';
import { silentLogger } from './broker-logger';
import type { BrokerOptions, ResolvedBrokerOptions } from './broker-options';
import { resolveOptions } from './broker-options';
import type { BrokerState } from './broker-state';
import { GroupCoordinator } from './group/group-coordinator';
import { OffsetStore } from './group/offset-store';
import { TopicStore } from './log/topic-store';
import { Connection } from './network/connection';

export interface RunningBroker {
  /** Bootstrap addresses for kafkajs (`new Kafka({ brokers })`). */
  brokers: string[];
  port: number;
  /** Closes every connection, timer and file; resolves when the listener is closed. */
  stop(): Promise<void>;
}

/** Starts a single-node Kafka-protocol broker in this process. */
export async function startBroker(options: BrokerOptions): Promise<RunningBroker> {
  const settings = resolveOptions(options, silentLogger);
  const state = openState(settings);
  const connections = new Set<Connection>();
  const onConnection = (socket: Socket): void => {
    const connection = new Connection(socket, state, settings);
    connections.add(connection);
    socket.once('close', () => connections.delete(connection));
  };
  let servers: Server[];
  try {
    servers = await listen(settings, onConnection);
  } catch (error) {
    closeState(state);
    throw error;
  }
  const port = (servers[0].address() as { port: number }).port;
  state.identity.port = settings.advertisedPort ?? port;
  settings.logger('info', 'broker started', {
    port,
    dataDir: settings.dataDir,
    advertisedHost: settings.advertisedHost,
  });
  let stopping: Promise<void> | null = null;
  return {
    brokers: [`${settings.advertisedHost}:${state.identity.port}`],
    port,
    stop: () =>
      (stopping ??= (async () => {
        const closing = servers.map(
          (server) => new Promise<void>((resolve) => server.close(() => resolve())),
        );
        for (const connection of connections) connection.destroy();
        await Promise.all(closing);
        closeState(state);
        settings.logger('info', 'broker stopped', { port });
      })()),
  };
}

function openState(settings: ResolvedBrokerOptions): BrokerState {
  if (settings.dataDir) mkdirSync(settings.dataDir, { recursive: true });
  const topics = settings.dataDir ? TopicStore.open(settings.dataDir) : TopicStore.inMemory();
  const offsets = settings.dataDir ? OffsetStore.open(settings.dataDir) : OffsetStore.inMemory();
  const log = settings.logger;
  return {
    identity: {
      nodeId: settings.nodeId,
      host: settings.advertisedHost,
      port: settings.port,
      clusterId: settings.clusterId,
    },
    topics,
    groups: new GroupCoordinator(offsets, { ...settings, log }),
    topicDefaults: settings,
    producerIds: producerIdSequence(topics),
    syncEveryWrite: settings.syncEveryWrite,
    log,
  };
}

function closeState(state: BrokerState): void {
  state.groups.shutdown();
  state.topics.sync();
  state.topics.close();
}

/**
 * Producer ids must never repeat, even across restarts: start above both the clock (in ms) and the
 * highest id found in the recovered logs.
 */
function producerIdSequence(topics: TopicStore): { next(): number } {
  let highest = -1;
  for (const topic of topics.all())
    for (const partition of topic.partitions)
      highest = Math.max(highest, partition.highestProducerId());
  let next = Math.max(Date.now(), highest + 1);
  return { next: () => next++ };
}

async function listen(
  settings: ResolvedBrokerOptions,
  onConnection: (socket: Socket) => void,
): Promise<Server[]> {
  if (settings.host !== null)
    return [await listenOn(settings, settings.host, settings.port, onConnection)];
  const ipv4 = await listenOn(settings, '127.0.0.1', settings.port, onConnection);
  const port = (ipv4.address() as { port: number }).port;
  try {
    return [ipv4, await listenOn(settings, '::1', port, onConnection)];
  } catch {
    return [ipv4]; // no IPv6 loopback on this machine: IPv4 alone is enough
  }
}

function listenOn(
  settings: ResolvedBrokerOptions,
  host: string,
  port: number,
  onConnection: (socket: Socket) => void,
): Promise<Server> {
  return new Promise((resolve, reject) => {
    // With TLS, a connection is handed on once its handshake is done (a failed one never is).
    const server = settings.tls
      ? createTlsServer(settings.tls, onConnection)
      : createServer(onConnection);
    server.once('error', reject);
    server.listen({ host, port, backlog: 1024 }, () => {
      server.off('error', reject);
      resolve(server);
    });
  });
}
