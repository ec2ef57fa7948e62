import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { freePort } from '../src/lib/free-port';
import { startRoundRobinFront } from '../src/lib/round-robin-front';
import type { RoundRobinFront } from '../src/lib/round-robin-front';

/** A replica that answers every request with its name. */
async function replica(name: string): Promise<{ server: Server; port: number }> {
  const port = await freePort();
  const server = createServer((_, response) => response.end(name));
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { server, port };
}

const close = (server: Server) =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/** One request on a connection of its own, so that each is balanced anew. */
async function ask(port: number): Promise<string> {
  const response = await fetch(`http://127.0.0.1:${port}/`, { headers: { connection: 'close' } });
  return response.text();
}

describe('the round-robin front before a service’s replicas', () => {
  let a: { server: Server; port: number };
  let b: { server: Server; port: number };
  let front: RoundRobinFront;

  beforeEach(async () => {
    a = await replica('a');
    b = await replica('b');
    front = await startRoundRobinFront('127.0.0.1', await freePort(), [a.port, b.port]);
  });
  afterEach(async () => {
    await front.close();
    await Promise.all([a, b].map(({ server }) => (server.listening ? close(server) : null)));
  });

  it('sends each new connection to the next replica in turn', async () => {
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await ask(front.port));
    expect(answers.sort()).toEqual(['a', 'a', 'a', 'b', 'b', 'b']);
  });

  it('skips a replica that refuses connections: every request is answered by the other', async () => {
    await close(a.server);
    const answers = [];
    for (let i = 0; i < 6; i++) answers.push(await ask(front.port));
    expect(answers).toEqual(['b', 'b', 'b', 'b', 'b', 'b']);
  });

  it('takes a replica back once it listens again', async () => {
    await close(a.server);
    await ask(front.port);
    await new Promise<void>((resolve) => a.server.listen(a.port, '127.0.0.1', resolve));
    const answers = new Set<string>();
    for (let i = 0; i < 4; i++) answers.add(await ask(front.port));
    expect([...answers].sort()).toEqual(['a', 'b']);
  });

  it('closes a connection no replica takes (the client sees a failed request, not a hang)', async () => {
    await Promise.all([close(a.server), close(b.server)]);
    await expect(ask(front.port)).rejects.toThrow();
  });
});
