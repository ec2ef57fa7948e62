import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { freePort } from '@platform/testing-core';

const CLI = join(__dirname, '../src/cli.ts');
const CLOCK_TICKS_PER_SECOND = 100;

/** The standalone broker in its own process, as developers and CI run it. */
export class BrokerProcess {
  private constructor(
    private readonly child: ChildProcess,
    readonly brokers: string[],
  ) {}

  static async start(dataDir: string | null): Promise<BrokerProcess> {
    const port = await freePort();
    const args = ['-r', '@swc-node/register', CLI, '--port', String(port), '--log-level', 'warn'];
    if (dataDir) args.push('--data-dir', dataDir);
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    await new Promise<void>((resolve, reject) => {
      child.stdout?.on(
        'data',
        (chunk: Buffer) => chunk.toString().includes('listening on') && resolve(),
      );
      child.once('exit', (code) => reject(new Error(`broker exited with ${code}`)));
    });
    return new BrokerProcess(child, [`127.0.0.1:${port}`]);
  }

  /** CPU seconds (user + system) the broker process has used so far, from /proc. */
  cpuSeconds(): number {
    const fields = readFileSync(`/proc/${this.child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_SECOND;
  }

  async stop(): Promise<void> {
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.kill('SIGTERM');
    await exited;
  }
}
