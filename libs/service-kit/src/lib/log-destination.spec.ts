import fs from 'node:fs';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { LOG_WRITE_MAX_BYTES, logDestination } from './logging';

describe('logDestination', () => {
  let directory: string;
  beforeEach(() => (directory = mkdtempSync(join(tmpdir(), 'log-destination-'))));
  afterEach(() => {
    jest.restoreAllMocks();
    rmSync(directory, { recursive: true, force: true });
  });

  it('keeps every line whole and in order, multi-byte text included, in chunks no larger than a write', async () => {
    const writes: number[] = [];
    const write = fs.write;
    jest.spyOn(fs, 'write').mockImplementation(((fd: number, data: string, ...rest: never[]) => {
      writes.push(Buffer.byteLength(data));
      return (write as (...args: unknown[]) => void)(fd, data, ...rest);
    }) as unknown as typeof fs.write);
    const file = join(directory, 'service.log');
    const destination = logDestination(file);
    await once(destination, 'ready');
    const logger = pino({ base: null, timestamp: false }, destination);
    const texts = ['plain', 'café', '€ 1.000,00', 'नमस्ते', '🧾 receipt'];
    const line = (i: number) => ({ i, text: texts[i % texts.length].repeat(1 + (i % 7)) });
    let i = 0;
    for (; i < 6000; i++) {
      logger.info(line(i), 'line');
      if (i % 1000 === 999) destination.flush(); // the one-second flush, mid-stream
      if (i % 1500 === 1499) await new Promise((resolve) => setImmediate(resolve));
    }
    await new Promise((resolve) => destination.flush(resolve));
    // Under 32 KiB stays buffered; flushSync (as on exit) writes it. Called with no write in flight:
    // sonic-boom's flushSync does not wait for one: its lines would land before that write's.
    for (; i < 6020; i++) logger.info(line(i), 'line');
    destination.flushSync();
    for (; i < 6025; i++) logger.info(line(i), 'line');
    await new Promise((resolve) => destination.once('finish', resolve).end());

    const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
    expect(lines).toHaveLength(6025);
    lines.forEach((text, n) =>
      expect(JSON.parse(text)).toEqual({ level: 30, ...line(n), msg: 'line' }),
    );
    expect(writes.length).toBeGreaterThan(1);
    expect(Math.max(...writes)).toBeLessThanOrEqual(LOG_WRITE_MAX_BYTES);
  });
});
