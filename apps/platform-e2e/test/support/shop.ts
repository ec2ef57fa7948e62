import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { platform } from './platform';
import type { KeyPair } from './platform';

const SERVER = join(
  __dirname,
  '..',
  '..',
  '..',
  '..',
  'examples',
  'standard-checkout',
  'server.mjs',
);

export interface Shop {
  /** `http://127.0.0.1:<port>`: the shop's pages (`/`, `/redirect`, `/automatic`, `/subscription`). */
  url: string;
  stop(): Promise<void>;
}

/**
 * examples/standard-checkout's server, as a merchant runs it (`node server.mjs`), pointed at the
 * platform under test with `key`, on a free port. Resolves once it prints where it listens.
 */
export async function startShop(key: KeyPair): Promise<Shop> {
  const child = spawn(process.execPath, [SERVER], {
    env: {
      PATH: process.env['PATH'],
      PLATFORM_URL: platform.baseUrl,
      RAZORPAY_KEY_ID: key.id,
      RAZORPAY_KEY_SECRET: key.secret,
      PORT: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the shop did not start:\n${output}`)), 15_000);
    createInterface({ input: child.stdout }).on('line', (line) => {
      const listening = /^Shop listening on (http:\S+)$/.exec(line);
      if (listening) {
        clearTimeout(timer);
        resolve(listening[1]);
      }
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the shop exited (${code}):\n${output}`));
    });
  });
  return { url, stop: () => stop(child) };
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}
