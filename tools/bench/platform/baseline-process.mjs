// Runs one baseline server in its own process, as our gateway and services run in theirs:
//   node baseline-process.mjs service <databaseUrl>
//   node baseline-process.mjs gateway <upstreamUrl> <keysJson>
// Prints "READY <url>" once listening.
import { startBaselineGateway } from './baseline-gateway.mjs';
import { startBaselineService } from './baseline-service.mjs';

const [kind, target, keys] = process.argv.slice(2);
const server =
  kind === 'service'
    ? await startBaselineService({ databaseUrl: target })
    : await startBaselineGateway({ upstream: target, keys: JSON.parse(keys) });
process.stdout.write(`READY ${server.url}\n`);
process.once('SIGTERM', () => server.close().then(() => process.exit(0)));
