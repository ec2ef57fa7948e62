import { fork } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { trackForCleanup } from './kafka-test-kit';
import type { Received } from './kafka-test-kit';

export interface ConsumerProcessOptions {
  brokers: string[];
  topic: string;
  groupId: string;
}

/**
 * A kafkajs consumer in its own process: SIGKILL takes it away the way a crashed service goes,
 * without a LeaveGroup, so the group only notices through the session timeout.
 */
export class ConsumerProcess {
  readonly received: Received[] = [];
  assignment: number[] = [];
  private readonly child: ChildProcess;
  readonly exited: Promise<void>;

  constructor(options: ConsumerProcessOptions) {
    this.child = fork(join(__dirname, 'consumer-worker.ts'), [JSON.stringify(options)], {
      execArgv: ['-r', '@swc-node/register'],
      env: { ...process.env, SWC_NODE_PROJECT: join(__dirname, '../../../../tsconfig.base.json') }, // resolves @platform/*
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    this.child.on(
      'message',
      (message: { type: string; message?: Received; partitions?: number[] }) => {
        if (message.type === 'message' && message.message) this.received.push(message.message);
        if (message.type === 'assignment' && message.partitions)
          this.assignment = message.partitions;
      },
    );
    this.exited = new Promise((resolve) => this.child.once('exit', () => resolve()));
    trackForCleanup({ disconnect: () => this.kill() });
  }

  kill(): Promise<void> {
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
    return this.exited;
  }
}
