import { createReadStream, mkdtempSync, writeFileSync } from 'node:fs';
import type { ReadStream } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pdf } from '../support/fixtures';
import { call, sdk } from '../support/platform';
import type { KeyPair, PlatformAccount } from '../support/platform';

export type Entity = Record<string, unknown>;
export type Fixture = (world: World) => Promise<Entity>;

/** One example's own account, and the fixtures (given.ts) made in it so far, each at most once. */
export class World {
  readonly rzp: ReturnType<typeof sdk>;
  readonly key: KeyPair;
  /** Seconds the account's test clock was moved ahead (a settlement waits for T+2). */
  clockOffset = 0;
  private readonly made = new Map<string, Promise<Entity>>();

  constructor(
    readonly account: PlatformAccount,
    private readonly fixtures: Readonly<Record<string, Fixture>>,
  ) {
    this.key = account.test;
    this.rzp = sdk(account.test);
  }

  get(name: string): Promise<Entity> {
    const fixture = this.fixtures[name];
    if (!fixture) throw new Error(`no fixture called ${name}`);
    let made = this.made.get(name);
    if (!made) this.made.set(name, (made = fixture(this)));
    return made;
  }

  async id(name: string): Promise<string> {
    return (await this.get(name))['id'] as string;
  }

  now(): number {
    return Math.floor(Date.now() / 1000) + this.clockOffset;
  }

  async advanceClock(seconds: number): Promise<void> {
    const answer = await call(this.key, 'POST', '/v1/simulator/clock/advance', { seconds });
    if (answer.status !== 200)
      throw new Error(`clock not advanced: ${JSON.stringify(answer.body)}`);
    this.clockOffset += seconds;
  }
}

/** A small file of the type its name says, opened as the SDK's documents.create wants it. */
export function fileStream(name: string): ReadStream {
  const path = join(mkdtempSync(join(tmpdir(), 'documented-')), name);
  writeFileSync(path, name.endsWith('.pdf') ? pdf(1024) : JPEG);
  return createReadStream(path);
}

/** The start of a JFIF image: enough for a sniffer that reads the magic bytes. */
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0'),
  Buffer.alloc(512, 0x20),
  Buffer.from([0xff, 0xd9]),
]);
