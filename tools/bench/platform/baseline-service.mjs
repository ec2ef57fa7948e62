// Baseline service: the smallest thing "of the same shape" as the real ones.
// Bare Fastify + a pg Pool of 10; a create is an event-sourced write (event + read model + outbox in
// one transaction), a fetch is one primary-key SELECT. No validation, logging or idempotency, so the
// real service's numbers can be read as a fraction of this one. It also serves the payment routes
// of baseline-payments.mjs, on the same events and outbox tables.
import Fastify from 'fastify';
import pg from 'pg';
import { randomUUID } from 'node:crypto';
import { PAYMENTS_SCHEMA, registerPaymentRoutes } from './baseline-payments.mjs';
import { envelope, inTransaction, newId } from './baseline-support.mjs';

const SCHEMA = `
  CREATE TABLE IF NOT EXISTS events (
    global_position bigserial PRIMARY KEY, stream_id text NOT NULL, stream_type text NOT NULL, version int NOT NULL,
    type text NOT NULL, data jsonb NOT NULL, metadata jsonb NOT NULL, account_id text NOT NULL, mode text NOT NULL,
    recorded_at timestamptz NOT NULL DEFAULT now(), UNIQUE (stream_id, version));
  CREATE TABLE IF NOT EXISTS customers (
    id text PRIMARY KEY, account_id text NOT NULL, mode text NOT NULL, name text, email text, contact text,
    notes jsonb NOT NULL, created_at bigint NOT NULL, version int NOT NULL);
  CREATE TABLE IF NOT EXISTS outbox (
    id bigserial PRIMARY KEY, message_id uuid NOT NULL UNIQUE, topic text NOT NULL, key text NOT NULL,
    payload jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now(), published_at timestamptz);`;

// Plain parameterised (unnamed) statements, as in the reference harness.
const INSERT_EVENT = `INSERT INTO events (stream_id, stream_type, version, type, data, metadata, account_id, mode)
  VALUES ($1, 'customer', 1, 'customer.created', $2, $3, $4, $5)`;
const UPSERT_CUSTOMER = `INSERT INTO customers (id, account_id, mode, name, email, contact, notes, created_at, version)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 1)
  ON CONFLICT (id) DO UPDATE SET name = EXCLUDED.name, email = EXCLUDED.email, contact = EXCLUDED.contact,
    notes = EXCLUDED.notes, version = EXCLUDED.version WHERE customers.version < EXCLUDED.version`;
const INSERT_OUTBOX = `INSERT INTO outbox (message_id, topic, key, payload) VALUES ($1, 'customers.customer', $2, $3)`;
const SELECT_CUSTOMER = `SELECT id, name, email, contact, notes, created_at FROM customers
  WHERE id = $1 AND account_id = $2 AND mode = $3`;

const toJson = (row) => ({
  id: row.id,
  entity: 'customer',
  name: row.name,
  email: row.email,
  contact: row.contact,
  gstin: null,
  notes: row.notes,
  created_at: Number(row.created_at), // bigint comes back from pg as a string
});

export async function startBaselineService({ databaseUrl, port = 0 }) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  // An idle connection that dies (PostgreSQL stopping or restarting) is dropped by the pool, which then
  // emits 'error'; with no listener that would crash the process. pool.end() resolves before its
  // sockets have closed, so this also happens on a normal shutdown, where it is expected.
  let closing = false;
  pool.on('error', (err) => {
    if (!closing) console.error('baseline service: idle pg connection lost:', err.message);
  });
  await pool.query(SCHEMA);
  await pool.query(PAYMENTS_SCHEMA);

  const app = Fastify({ logger: false });
  registerPaymentRoutes(app, pool);

  app.post('/v1/customers', async (req, reply) => {
    const accountId = req.headers['x-account-id'];
    const mode = req.headers['x-mode'] ?? 'test';
    if (!accountId) return reply.code(401).send(envelope('Authentication failed'));
    const { name = null, email = null, contact = null } = req.body ?? {};
    const customer = {
      id: newId('cust'),
      entity: 'customer',
      name,
      email,
      contact,
      gstin: null,
      notes: {},
      created_at: Math.floor(Date.now() / 1000),
    };
    const metadata = {
      request_id: req.headers['x-request-id'] ?? null,
      key_id: req.headers['x-key-id'] ?? null,
    };

    await inTransaction(pool, async (client) => {
      await client.query(INSERT_EVENT, [customer.id, customer, metadata, accountId, mode]);
      await client.query(UPSERT_CUSTOMER, [
        customer.id,
        accountId,
        mode,
        name,
        email,
        contact,
        customer.notes,
        customer.created_at,
      ]);
      await client.query(INSERT_OUTBOX, [
        randomUUID(),
        customer.id,
        {
          type: 'customer.created',
          stream_id: customer.id,
          version: 1,
          account_id: accountId,
          mode,
          data: customer,
        },
      ]);
    });
    return customer; // 200, like the Razorpay API
  });

  app.get('/v1/customers/:id', async (req, reply) => {
    const { rows } = await pool.query(SELECT_CUSTOMER, [
      req.params.id,
      req.headers['x-account-id'] ?? '',
      req.headers['x-mode'] ?? 'test',
    ]);
    if (rows.length === 0) return reply.code(400).send(envelope('The id provided does not exist'));
    return toJson(rows[0]);
  });

  await app.listen({ port, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${app.server.address().port}`,
    async close() {
      closing = true;
      await app.close();
      await pool.end();
    },
  };
}
