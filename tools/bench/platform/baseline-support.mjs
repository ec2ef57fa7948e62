// What the baseline service's routes share: ids, Razorpay's error envelope, and a transaction.
import { randomBytes } from 'node:crypto';

const BASE62 = '0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz';

/** `<prefix>_` + 14 base62 characters. Bytes >= 248 are skipped so every character is equally likely (248 = 4 × 62). */
export function newId(prefix) {
  let id = `${prefix}_`;
  const length = id.length + 14;
  while (id.length < length) {
    for (const b of randomBytes(16)) if (b < 248 && id.length < length) id += BASE62[b % 62];
  }
  return id;
}

export const envelope = (description, code = 'BAD_REQUEST_ERROR') => ({
  error: { code, description, source: 'NA', step: 'NA', reason: 'NA', metadata: {} },
});

/** Runs `work(client)` between BEGIN and COMMIT on one pooled connection; rolls back if it throws. */
export async function inTransaction(pool, work) {
  const client = await pool.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    client.release();
    return result;
  } catch (err) {
    await client.query('ROLLBACK').catch(() => undefined);
    client.release(err); // drop the connection rather than reuse one in an unknown state
    throw err;
  }
}
