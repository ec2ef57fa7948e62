#!/usr/bin/env node
/**
 * `npm run bench [-- SECTION...]`: runs benchmark sections (all by default), each owned by its
 * project and run in its own process. Benchmarks print figures; they never pass or fail on a number.
 */
import { spawnSync } from 'node:child_process';
import { cpus } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..', '..');
const SECTIONS = {
  broker: {
    command: ['-r', '@swc-node/register', 'libs/embedded-kafka/bench/main.ts'],
    describe:
      'dev Kafka broker: 1 KB messages, acks -1, one producer, one consumer group (kafkajs)',
  },
  customers: {
    command: ['tools/bench/platform/customers.bench.mjs'],
    describe:
      'POST and GET /v1/customers through the gateway, against a minimal baseline of the same shape (autocannon)',
  },
  payments: {
    command: ['tools/bench/platform/payments.bench.mjs'],
    describe:
      'simulator payment + capture per iteration through the gateway, against a minimal baseline of the same shape, and against POST /v1/customers of the same run (autocannon)',
  },
  settlements: {
    command: ['tools/bench/platform/settlements.bench.mjs'],
    describe:
      'ledger ingestion from Kafka against plain multi-row INSERTs; one settlement over 100,000 entries and its recon export; capture → payment.captured consumed by settlements and billing at 200 captures/s',
  },
  history: {
    command: ['tools/bench/platform/history.bench.mjs'],
    describe:
      'the next command and an as_of read on a stream with a long history (a QR code paid up to 100,000 times, a customer updated and a payment edited up to 10,000 times, a subscription after 100 cycles), each against the same on a fresh stream',
  },
  consumers: {
    command: ['tools/bench/platform/consumers.bench.mjs'],
    describe:
      'CPU per event of billing, settlements and webhooks: events each has no use for (skipped before any transaction) against events through its inbox',
  },
  webhooks: {
    command: ['tools/bench/platform/webhooks.bench.mjs'],
    describe:
      'deliveries per second to one fast receiver, alone and with a dead endpoint beside it; capture → webhook received and → ledger posting at 100 and 200 captures/s, by stage',
  },
};

const requested = process.argv.slice(2);
const unknown = requested.filter((name) => !(name in SECTIONS));
if (unknown.length > 0) {
  console.error(
    `unknown section(s): ${unknown.join(', ')}; available: ${Object.keys(SECTIONS).join(', ')}`,
  );
  process.exit(2);
}

console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`);
let failed = false;
for (const name of requested.length > 0 ? requested : Object.keys(SECTIONS)) {
  const { command, describe } = SECTIONS[name];
  console.log(`\n## ${name}: ${describe}`);
  const run = spawnSync(process.execPath, command, {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, SWC_NODE_PROJECT: 'tsconfig.base.json' },
  });
  failed ||= run.status !== 0;
}
process.exit(failed ? 1 : 0);
