import { Client } from 'pg';

type Corkable = { cork(): void; uncork(): void };

/**
 * node-postgres writes each message of a query (bind, describe, execute, sync, and parse the first
 * time) with its own socket write, which is its own system call and can wake PostgreSQL for each.
 * Corking the socket while the query is submitted sends them in one write. Behaviour is otherwise
 * pg's own; used as the pool's `Client`.
 */
export class CorkingClient extends Client {
  constructor(...args: ConstructorParameters<typeof Client>) {
    super(...args);
    const client = this as unknown as {
      query: (...rest: unknown[]) => unknown;
      connection?: { stream?: Corkable };
    };
    const submit = client.query.bind(this);
    client.query = (...rest: unknown[]) => {
      const stream = client.connection?.stream;
      stream?.cork();
      try {
        return submit(...rest);
      } finally {
        stream?.uncork();
      }
    };
  }
}
