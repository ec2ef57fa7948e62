// Baseline payment routes, on the baseline service: the least a test-mode payment and its capture
// must do, with the event store's shape. A payment reads its order, then in one transaction appends
// the payment's first event and the order's next one at the versions it expects (the unique
// (stream_id, version) constraint refuses a concurrent writer), upserts both read-model rows and
// writes the published event to the outbox. A capture does the same from the payment's row (and its
// order's), appending `order.paid` when the capture pays the order. Orders are created the same way
// (event + read model; ours publishes nothing then either). No validation beyond what the bench
// sends, no idempotency, a flat fee, no logging: ours is read as a fraction of this.
import { randomUUID } from 'node:crypto';
import { envelope, inTransaction, newId } from './baseline-support.mjs';

// Primary keys only: ours also keeps list indexes on both tables, which a payment does not need.
export const PAYMENTS_SCHEMA = `
  CREATE TABLE IF NOT EXISTS orders (
    id text PRIMARY KEY, version int NOT NULL, account_id text NOT NULL, mode text NOT NULL,
    amount bigint NOT NULL, amount_paid bigint NOT NULL, currency text NOT NULL, receipt text,
    status text NOT NULL, attempts int NOT NULL, notes jsonb NOT NULL, created_at bigint NOT NULL);
  CREATE TABLE IF NOT EXISTS payments (
    id text PRIMARY KEY, version int NOT NULL, account_id text NOT NULL, mode text NOT NULL,
    amount bigint NOT NULL, currency text NOT NULL, status text NOT NULL, order_id text NOT NULL,
    method text NOT NULL, captured boolean NOT NULL, card jsonb, notes jsonb NOT NULL, fee bigint,
    tax bigint, created_at bigint NOT NULL);`;

const ORDER_COLUMNS = `id, version, amount, amount_paid, currency, receipt, status, attempts, notes, created_at`;
const SELECT_ORDER = `SELECT ${ORDER_COLUMNS} FROM orders WHERE id = $1 AND account_id = $2 AND mode = $3`;
// The payment and its order in one read: the capture appends to both streams.
const SELECT_PAYMENT = `SELECT p.id, p.version, p.amount, p.currency, p.status, p.order_id, p.method,
    p.captured, p.card, p.notes, p.fee, p.tax, p.created_at, to_jsonb(o) AS order_row
  FROM payments p JOIN orders o ON o.id = p.order_id
  WHERE p.id = $1 AND p.account_id = $2 AND p.mode = $3`;
const UPSERT_ORDER = `INSERT INTO orders (id, version, account_id, mode, amount, amount_paid, currency,
    receipt, status, attempts, notes, created_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
  ON CONFLICT (id) DO UPDATE SET version = EXCLUDED.version, amount_paid = EXCLUDED.amount_paid,
    status = EXCLUDED.status, attempts = EXCLUDED.attempts
  WHERE orders.version < EXCLUDED.version`;
const UPSERT_PAYMENT = `INSERT INTO payments (id, version, account_id, mode, amount, currency, status,
    order_id, method, captured, card, notes, fee, tax, created_at)
  VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
  ON CONFLICT (id) DO UPDATE SET version = EXCLUDED.version, status = EXCLUDED.status,
    captured = EXCLUDED.captured, fee = EXCLUDED.fee, tax = EXCLUDED.tax
  WHERE payments.version < EXCLUDED.version`;

/** `($1, $2, …), ($k, …)`: one row of `width` parameters for each of `rows`. */
const placeholders = (rows, width) =>
  Array.from(
    { length: rows },
    (_, r) => `(${Array.from({ length: width }, (_, c) => `$${r * width + c + 1}`).join(', ')})`,
  ).join(', ');

/** Appends events ({streamId, streamType, version, type, data}) of one tenant in one statement. */
async function appendEvents(client, tenant, metadata, events) {
  await client.query(
    `INSERT INTO events (stream_id, stream_type, version, type, data, metadata, account_id, mode)
      VALUES ${placeholders(events.length, 8)}`,
    events.flatMap((e) => [
      e.streamId,
      e.streamType,
      e.version,
      e.type,
      e.data,
      metadata,
      tenant.accountId,
      tenant.mode,
    ]),
  );
}

/** Writes published events ({topic, key, type, streamId, version, data}) to the outbox in one statement. */
async function writeOutbox(client, tenant, messages) {
  await client.query(
    `INSERT INTO outbox (message_id, topic, key, payload) VALUES ${placeholders(messages.length, 4)}`,
    messages.flatMap((m) => [
      randomUUID(),
      m.topic,
      m.key,
      {
        type: m.type,
        stream_id: m.key,
        version: m.version,
        account_id: tenant.accountId,
        mode: tenant.mode,
        data: m.data,
      },
    ]),
  );
}

const upsertOrder = (client, tenant, o) =>
  client.query(UPSERT_ORDER, [
    o.id,
    o.version,
    tenant.accountId,
    tenant.mode,
    o.amount,
    o.amount_paid,
    o.currency,
    o.receipt,
    o.status,
    o.attempts,
    o.notes,
    o.created_at,
  ]);

const upsertPayment = (client, tenant, p) =>
  client.query(UPSERT_PAYMENT, [
    p.id,
    p.version,
    tenant.accountId,
    tenant.mode,
    p.amount,
    p.currency,
    p.status,
    p.order_id,
    p.method,
    p.captured,
    p.card,
    p.notes,
    p.fee,
    p.tax,
    p.created_at,
  ]);

/**
 * What a payment and a capture each write, in their transaction: the events of both streams, both
 * read-model rows, the outbox messages.
 */
async function writePaymentAndOrder(client, caller, { events, payment, order, messages }) {
  await appendEvents(client, caller.tenant, caller.metadata, events);
  await upsertPayment(client, caller.tenant, payment);
  await upsertOrder(client, caller.tenant, order);
  await writeOutbox(client, caller.tenant, messages);
}

// bigint columns come back from pg as strings.
const orderOf = (row) => ({
  ...row,
  amount: Number(row.amount),
  amount_paid: Number(row.amount_paid),
  created_at: Number(row.created_at),
});
const paymentOf = (row) => ({
  ...row,
  amount: Number(row.amount),
  fee: row.fee === null ? null : Number(row.fee),
  tax: row.tax === null ? null : Number(row.tax),
  created_at: Number(row.created_at),
});

const orderEntity = (o) => ({
  id: o.id,
  entity: 'order',
  amount: o.amount,
  amount_paid: o.amount_paid,
  amount_due: o.amount - o.amount_paid,
  currency: o.currency,
  receipt: o.receipt,
  offer_id: null,
  status: o.status,
  attempts: o.attempts,
  notes: o.notes,
  created_at: o.created_at,
});

const paymentEntity = (p) => ({
  id: p.id,
  entity: 'payment',
  amount: p.amount,
  currency: p.currency,
  status: p.status,
  order_id: p.order_id,
  invoice_id: null,
  international: false,
  method: p.method,
  amount_refunded: 0,
  refund_status: null,
  captured: p.captured,
  description: null,
  card_id: p.card?.id ?? null,
  bank: null,
  wallet: null,
  vpa: null,
  email: null,
  contact: null,
  notes: p.notes,
  fee: p.fee,
  tax: p.tax,
  error_code: null,
  error_description: null,
  error_source: null,
  error_step: null,
  error_reason: null,
  acquirer_data: { auth_code: null },
  created_at: p.created_at,
  card: p.card,
});

const cardOf = (card) => ({
  id: newId('card'),
  entity: 'card',
  name: card?.name ?? null,
  last4: String(card?.number ?? '').slice(-4),
  network: 'Visa',
  type: 'credit',
  issuer: null,
  international: false,
  emi: false,
  sub_type: 'consumer',
  token_iin: null,
});

const UNIQUE_VIOLATION = '23505';

/** The request's tenant and event metadata, from the baseline gateway's headers; null without an account. */
function callerOf(req) {
  const accountId = req.headers['x-account-id'];
  if (!accountId) return null;
  return {
    tenant: { accountId, mode: req.headers['x-mode'] ?? 'test' },
    metadata: {
      request_id: req.headers['x-request-id'] ?? null,
      key_id: req.headers['x-key-id'] ?? null,
    },
  };
}

/**
 * Runs a command's transaction; a stream that moved past the version read (another writer got there
 * first) is a 409, as a conflict is.
 */
async function write(pool, reply, work) {
  try {
    await inTransaction(pool, work);
    return true;
  } catch (err) {
    if (err.code !== UNIQUE_VIOLATION) throw err;
    reply.code(409).send(envelope('The request conflicted with another one; retry it'));
    return false;
  }
}

export function registerPaymentRoutes(app, pool) {
  app.post('/v1/orders', async (req, reply) => {
    const caller = callerOf(req);
    if (!caller) return reply.code(401).send(envelope('Authentication failed'));
    const { amount, currency = 'INR', receipt = null, notes = {} } = req.body ?? {};
    if (!Number.isInteger(amount) || amount < 100)
      return reply.code(400).send(envelope('The amount must be atleast INR 1.00'));
    const order = {
      id: newId('order'),
      version: 1,
      amount,
      amount_paid: 0,
      currency,
      receipt,
      status: 'created',
      attempts: 0,
      notes,
      created_at: Math.floor(Date.now() / 1000),
    };
    const entity = orderEntity(order);
    await inTransaction(pool, async (client) => {
      await appendEvents(client, caller.tenant, caller.metadata, [
        {
          streamId: order.id,
          streamType: 'order',
          version: 1,
          type: 'order.created',
          data: entity,
        },
      ]);
      await upsertOrder(client, caller.tenant, order);
    });
    return entity;
  });

  app.post('/v1/simulator/payments', async (req, reply) => {
    const caller = callerOf(req);
    if (!caller) return reply.code(401).send(envelope('Authentication failed'));
    const { order_id: orderId, method = 'card', card } = req.body ?? {};
    const { rows } = await pool.query(SELECT_ORDER, [
      String(orderId),
      caller.tenant.accountId,
      caller.tenant.mode,
    ]);
    if (rows.length === 0) return reply.code(400).send(envelope('The id provided does not exist'));
    const order = orderOf(rows[0]);
    if (order.status === 'paid')
      return reply.code(400).send(envelope('Order has already been paid'));
    const payment = {
      id: newId('pay'),
      version: 1,
      amount: order.amount - order.amount_paid,
      currency: order.currency,
      status: 'authorized',
      order_id: order.id,
      method,
      captured: false,
      card: method === 'card' ? cardOf(card) : null,
      notes: {},
      fee: null,
      tax: null,
      created_at: Math.floor(Date.now() / 1000),
    };
    const attempted = {
      ...order,
      version: order.version + 1,
      status: 'attempted',
      attempts: order.attempts + 1,
    };
    const entity = paymentEntity(payment);
    const written = await write(pool, reply, (client) =>
      writePaymentAndOrder(client, caller, {
        events: [
          {
            streamId: payment.id,
            streamType: 'payment',
            version: 1,
            type: 'payment.authorized',
            data: entity,
          },
          {
            streamId: order.id,
            streamType: 'order',
            version: attempted.version,
            type: 'order.payment_attempted',
            data: { payment_id: payment.id, amount: payment.amount },
          },
        ],
        payment,
        order: attempted,
        messages: [
          {
            topic: 'payments.payment',
            key: payment.id,
            type: 'payment.authorized',
            version: 1,
            data: { payment: entity },
          },
        ],
      }),
    );
    if (!written) return reply;
    return { razorpay_payment_id: payment.id, razorpay_order_id: order.id, payment: entity };
  });

  app.post('/v1/payments/:id/capture', async (req, reply) => {
    const caller = callerOf(req);
    if (!caller) return reply.code(401).send(envelope('Authentication failed'));
    const { amount } = req.body ?? {};
    const { rows } = await pool.query(SELECT_PAYMENT, [
      req.params.id,
      caller.tenant.accountId,
      caller.tenant.mode,
    ]);
    if (rows.length === 0) return reply.code(400).send(envelope('The id provided does not exist'));
    const { order_row: orderRow, ...paymentRow } = rows[0];
    const payment = paymentOf(paymentRow);
    const order = orderOf(orderRow);
    if (payment.status !== 'authorized')
      return reply
        .code(400)
        .send(
          envelope('Only payments which have been authorized and not yet captured can be captured'),
        );
    if (amount !== payment.amount)
      return reply
        .code(400)
        .send(envelope('Capture amount must be equal to the amount authorized'));
    const fee = Math.round(payment.amount * 0.02);
    const captured = {
      ...payment,
      version: payment.version + 1,
      status: 'captured',
      captured: true,
      fee,
      tax: Math.round(fee * 0.18),
    };
    const amountPaid = order.amount_paid + payment.amount;
    const paid = amountPaid >= order.amount;
    const after = {
      ...order,
      version: order.version + (paid ? 2 : 1),
      amount_paid: amountPaid,
      status: paid ? 'paid' : order.status,
    };
    const entity = paymentEntity(captured);
    const orderAfter = orderEntity(after);
    const orderEvents = [
      { type: 'order.payment_captured', data: { payment_id: payment.id, amount: payment.amount } },
      ...(paid ? [{ type: 'order.paid', data: { payment_id: payment.id } }] : []),
    ].map((event, k) => ({
      ...event,
      streamId: order.id,
      streamType: 'order',
      version: order.version + 1 + k,
    }));
    const written = await write(pool, reply, (client) =>
      writePaymentAndOrder(client, caller, {
        events: [
          {
            streamId: payment.id,
            streamType: 'payment',
            version: captured.version,
            type: 'payment.captured',
            data: entity,
          },
          ...orderEvents,
        ],
        payment: captured,
        order: after,
        messages: [
          {
            topic: 'payments.payment',
            key: payment.id,
            type: 'payment.captured',
            version: captured.version,
            data: { payment: entity, order: orderAfter },
          },
          ...(paid
            ? [
                {
                  topic: 'payments.order',
                  key: order.id,
                  type: 'order.paid',
                  version: after.version,
                  data: { order: orderAfter, payment: entity },
                },
              ]
            : []),
        ],
      }),
    );
    if (!written) return reply;
    return entity;
  });
}
