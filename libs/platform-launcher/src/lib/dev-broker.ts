import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { closeSync, mkdirSync, openSync } from 'node:fs';
import { connect } from 'node:net';
import { join } from 'node:path';
import { startBroker } from '@platform/embedded-kafka';
import type { RunningBroker } from '@platform/embedded-kafka';
import { endProcess } from './service-processes';

/**
 * Where the dev broker runs: inside the launcher's own process (`npm start`: one process fewer), or
 * in a process of its own that can be killed with SIGKILL (the chaos suite's broker fault).
 */
export type BrokerPlacement = 'in-launcher' | 'own-process';

export interface DevBroker {
  /** The bootstrap address the services are given. */
  readonly brokers: string;
  /** The broker's own process, while it has one (null in the launcher's process). */
  readonly child: ChildProcess | null;
  /** Starts it again after stop() or kill(), on the same port and data (a restart keeps the topics). */
  start(): Promise<void>;
  stop(): Promise<void>;
  /** SIGKILL: only a broker in its own process can be killed. */
  kill(): Promise<void>;
}

const ROOT = join(__dirname, '..', '..', '..', '..');

/**
 * The dev broker with its data in `<dataDir>/kafka` and three partitions a topic; resolves once it
 * accepts connections.
 */
export async function startDevBroker(
  placement: BrokerPlacement,
  port: number,
  dataDir: string,
): Promise<DevBroker> {
  return placement === 'in-launcher' ? inLauncher(port, dataDir) : ownProcess(port, dataDir);
}

async function inLauncher(port: number, dataDir: string): Promise<DevBroker> {
  const options = { port, dataDir: `${dataDir}/kafka`, defaultPartitions: 3 };
  let running: RunningBroker | null = await startBroker(options);
  const brokers = running.brokers.join(',');
  return {
    brokers,
    child: null,
    start: async () => {
      running ??= await startBroker(options);
    },
    stop: async () => {
      await running?.stop();
      running = null;
    },
    kill: () =>
      Promise.reject(
        new Error('the broker runs inside the launcher: start it in its own process to kill it'),
      ),
  };
}

async function ownProcess(port: number, dataDir: string): Promise<DevBroker> {
  let child: ChildProcess = await startBrokerProcess(port, dataDir);
  return {
    brokers: `127.0.0.1:${port}`,
    get child() {
      return child;
    },
    start: async () => {
      if (child.exitCode === null && child.signalCode === null) return;
      child = await startBrokerProcess(port, dataDir);
    },
    stop: () => endProcess(child, 'SIGTERM'),
    kill: () => endProcess(child, 'SIGKILL'),
  };
}

/** `npm run broker` in a process of its own, its output in `<dataDir>/logs/broker.log`. */
async function startBrokerProcess(port: number, dataDir: string): Promise<ChildProcess> {
  const logs = join(dataDir, 'logs');
  mkdirSync(logs, { recursive: true });
  const fd = openSync(join(logs, 'broker.log'), 'a');
  const args = [
    '-r',
    '@swc-node/register',
    'libs/embedded-kafka/src/cli.ts',
    '--port',
    String(port),
    '--data-dir',
    join(dataDir, 'kafka'),
    '--partitions',
    '3',
    '--log-level',
    'warn',
  ];
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { ...process.env, SWC_NODE_PROJECT: 'tsconfig.base.json' },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  for (const deadline = Date.now() + 60_000; !(await accepts(port)); await sleep(100)) {
    if (child.exitCode !== null)
      throw new Error(`the broker exited with ${child.exitCode} (see ${join(logs, 'broker.log')})`);
    if (Date.now() > deadline) throw new Error('the broker did not listen within 60 s');
  }
  return child;
}

function accepts(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => (socket.destroy(), resolve(true)));
    socket.once('error', () => resolve(false));
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
