#!/usr/bin/env node
// The `customers` bench section: POST and GET /v1/customers through our gateway (the platform as
// `npm start` runs it: gateway and services as separate processes), then the same through a minimal
// baseline of the same shape (a bare Fastify gateway with Basic auth and an undici pool, in front of
// a bare Fastify service doing event + read-model upsert + outbox in one transaction). Both use one
// PostgreSQL cluster; autocannon runs in this process. Prints req/s, p50, p99 and ours/baseline.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { basicAuth, customerBody, seedCustomers, startPostgres, startProcess, stopProcess } from './bench-support.mjs';
import { formatHeader, formatRow, measure } from './load.mjs';
import { medianOf, RUNS, withPlatform } from './platform-run.mjs';

const SECONDS = Number(process.env.BENCH_SECONDS) || 10;
const SEEDED = 1000;
const TARGETS = { create: { perSecond: 1000, ratio: 0.8 }, fetch: { perSecond: 3500, ratio: 0.8 } };

/**
 * Reads first, once the writes of the seeding have gone all the way through (`settled`), then
 * writes. The write figure therefore includes what each write sets off in our platform while the
 * run lasts (the outbox relay publishing, payments consuming); the baseline has none of that.
 */
async function measureCustomers(baseUrl, authorization, bodyOffset, settled = async () => undefined) {
  const ids = await seedCustomers(baseUrl, authorization, SEEDED, bodyOffset);
  await settled();
  const fetchOne = await medianOf(() => measure({ url: baseUrl, path: `/v1/customers/${ids[0]}`, headers: { authorization }, paths: (i) => `/v1/customers/${ids[i % ids.length]}`, durationSeconds: SECONDS }));
  const json = { authorization, 'content-type': 'application/json' };
  let run = 0;
  const create = await medianOf(() => measure({ url: baseUrl, method: 'POST', path: '/v1/customers', headers: json, bodies: (i) => customerBody(bodyOffset + SEEDED + ++run * 1_000_000 + i), durationSeconds: SECONDS }));
  return { create, fetch: fetchOne };
}

/** Ours: the platform as `npm start` runs it, read once the writes of the seeding have gone through. */
function ours(postgres) {
  return withPlatform(postgres, ({ baseUrl, authorization, settled }) => measureCustomers(baseUrl, authorization, 0, settled));
}

async function baseline(postgres) {
  const key = { keyId: 'rzp_test_bench0000000001', secret: randomBytes(18).toString('base64url'), accountId: 'acc_bench0000000001', mode: 'test' };
  const script = join(import.meta.dirname, 'baseline-process.mjs');
  const service = await startProcess(process.execPath, [script, 'service', postgres.url('baseline')], { ready: 'READY' });
  const serviceUrl = service.output().match(/READY (\S+)/)[1];
  const gateway = await startProcess(process.execPath, [script, 'gateway', serviceUrl, JSON.stringify([key])], { ready: 'READY' });
  try {
    return await measureCustomers(gateway.output().match(/READY (\S+)/)[1], basicAuth(key.keyId, key.secret), 1_000_000);
  } finally {
    await stopProcess(gateway.child);
    await stopProcess(service.child);
  }
}

function verdict(name, result, base) {
  const target = TARGETS[name];
  const ratio = result.requestsPerSecond / base.requestsPerSecond;
  const met = result.requestsPerSecond >= target.perSecond && ratio >= target.ratio;
  return `  ${name}: ${Math.round(result.requestsPerSecond)} req/s (target ≥ ${target.perSecond}), ${ratio.toFixed(2)}× baseline (target ≥ ${target.ratio}) → ${met ? 'meets the target' : 'below the target'}`;
}

const postgres = await startPostgres(['gateway', 'billing', 'payments', 'settlements', 'baseline']);
try {
  const mine = await ours(postgres);
  const base = await baseline(postgres);
  console.log(`  median of ${RUNS} runs of ${SECONDS} s (each after a 2 s warm-up), 50 connections; service logs at ${process.env.BENCH_LOG_LEVEL || 'info'}`);
  console.log(`  ${formatHeader()}`);
  console.log(`  ${formatRow('GET /v1/customers/:id, ours', mine.fetch, base.fetch)}`);
  console.log(`  ${formatRow('GET /v1/customers/:id, baseline', base.fetch)}`);
  console.log(`  ${formatRow('POST /v1/customers, ours', mine.create, base.create)}`);
  console.log(`  ${formatRow('POST /v1/customers, baseline', base.create)}`);
  for (const [label, result] of [['GET ours', mine.fetch], ['GET baseline', base.fetch], ['POST ours', mine.create], ['POST baseline', base.create]]) {
    console.log(`  runs, ${label}: ${result.runs.join(' / ')} req/s`);
  }
  console.log(verdict('create', mine.create, base.create));
  console.log(verdict('fetch', mine.fetch, base.fetch));
} finally {
  await postgres.stop();
}
