// The baseline as the bench sections run it: its gateway and its service as separate processes (as
// our gateway and services run in theirs), on the `baseline` database of the bench's PostgreSQL.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { basicAuth, startProcess, stopProcess } from './bench-support.mjs';

/** Starts the baseline's service and gateway with one test key; `stop()` ends both. */
export async function startBaseline(postgres) {
  const key = {
    keyId: 'rzp_test_bench0000000001',
    secret: randomBytes(18).toString('base64url'),
    accountId: 'acc_bench0000000001',
    mode: 'test',
  };
  const script = join(import.meta.dirname, 'baseline-process.mjs');
  const service = await startProcess(
    process.execPath,
    [script, 'service', postgres.url('baseline')],
    { ready: 'READY' },
  );
  const gateway = await startProcess(
    process.execPath,
    [script, 'gateway', service.output().match(/READY (\S+)/)[1], JSON.stringify([key])],
    { ready: 'READY' },
  );
  return {
    baseUrl: gateway.output().match(/READY (\S+)/)[1],
    authorization: basicAuth(key.keyId, key.secret),
    async stop() {
      await stopProcess(gateway.child);
      await stopProcess(service.child);
    },
  };
}
