import { createConnection, createServer } from 'node:net';
import type { Server, Socket } from 'node:net';

/**
 * One address in front of a service's replicas: each TCP connection goes to the next replica in
 * turn; one that refuses the connection (down, or not listening yet) is skipped for the next, and a
 * connection no replica takes is closed. Connection-level, as kube-proxy balances a Kubernetes
 * Service with readiness: a replica that dies resets the connections it had, the others' go on.
 *
 * Hand-written (node:net, a few dozen lines) rather than a proxy package: it only stands in, on a
 * developer's machine, for the Kubernetes Service the manifests put in front of each Deployment.
 */
export interface RoundRobinFront {
  readonly port: number;
  close(): Promise<void>;
}

/** Gives up on a replica that neither accepts nor refuses within this (a stopped, not dead, process). */
const CONNECT_WITHIN_MS = 2000;

export async function startRoundRobinFront(
  host: string,
  port: number,
  replicaPorts: readonly number[],
): Promise<RoundRobinFront> {
  let next = 0;
  const open = new Set<Socket>();
  const server: Server = createServer({ pauseOnConnect: true }, (client) => {
    open.add(client);
    client.once('close', () => open.delete(client));
    client.on('error', () => undefined); // the other side is closed with it
    const first = next;
    next = (next + 1) % replicaPorts.length;
    connect(client, first, 0);
  });

  /** Tries the replicas from `index` on, each once; pipes the client to the first that accepts. */
  const connect = (client: Socket, index: number, tried: number): void => {
    if (tried === replicaPorts.length || client.destroyed) return void client.destroy();
    const replica = createConnection({ host: '127.0.0.1', port: replicaPorts[index] });
    open.add(replica);
    replica.once('close', () => open.delete(replica));
    replica.setTimeout(CONNECT_WITHIN_MS, () => replica.destroy(new Error('connect timeout')));
    const refused = () => connect(client, (index + 1) % replicaPorts.length, tried + 1);
    replica.once('error', refused);
    replica.once('connect', () => {
      replica.setTimeout(0);
      replica.removeListener('error', refused);
      replica.on('error', () => undefined);
      replica.once('close', () => client.destroy());
      client.once('close', () => replica.destroy());
      client.pipe(replica).pipe(client);
      client.resume();
    });
  };

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.removeListener('error', reject);
      resolve();
    });
  });
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
